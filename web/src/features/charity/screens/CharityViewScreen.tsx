/**
 * /master/charity_views and /my_nonprofit: one nonprofit, read-only, with its payment methods.
 * Shows the nonprofit of the `?id=` query parameter; a nonprofit admin ('Charity Admin') without
 * one sees its own (the session's charityId). Edit (edit right) leads to /master/charity_edit/:id.
 * The main admin sends an approved nonprofit's admin contact its invitation again (Invite Admin).
 */
import type { ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Flex, Image, Skeleton, Space, Tag } from 'antd'
import { Text, TextLink } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { MailOutlined } from '@ant-design/icons'
import { useSearchParams } from 'react-router'
import { useRecordScreen } from '../../../components/useFormScreen'
import { RichTextView } from '../../../components/RichTextView'
import { useRecord } from '../../../lib/query'
import { formatDate, formatName, formatPhone, formatTaxId, formatZip } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { isAllowedLink } from '../../../lib/rich-text'
import { holdsEverything, useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { getCharity } from '../api/get-charity'
import { getPaymentMethods } from '../api/payment-methods'
import { inviteAdmin } from '../api/invite-admin'
import { PaymentMethodList } from '../components/PaymentMethodList'
import type { Verification } from '../types'
import { CHARITY_ADMIN, CHARITY_MEDIA_MODULE, CHARITY_MODULE, LIST_PATH } from '../constants'
import { paths } from '../../../paths'
import { Outcome } from '../../../components/Outcome'

const VERIFICATION: Record<Verification, { label: string; color: string }> = {
  Pending: { label: 'Pending', color: 'gold' },
  Approve: { label: 'Approved', color: 'green' },
  Reject: { label: 'Rejected', color: 'red' },
}

export default function CharityViewScreen() {
  const [params] = useSearchParams()
  const { user, can } = useAccess()
  const meta = useMetaData()
  const isCharityAdmin = user?.adminType === CHARITY_ADMIN
  const id = params.get('id') || (isCharityAdmin ? (user?.charityId ?? '') : '')

  const screen = useRecordScreen({
    listPath: LIST_PATH,
    recordKey: id ? ['charity', id] : null,
    load: () => getCharity(id),
  })
  const { record: charity, error } = screen
  const methods = useRecord(id ? ['charity', id, 'payment-methods'] : null, () => getPaymentMethods(id))
  // A failure is shown by the request client.
  const invitation = useMutation({
    mutationFn: () => inviteAdmin(id),
    onSuccess: (res) => toast.success(res.message || 'Success'),
  })
  const invite = () => invitation.mutate()

  const back = isCharityAdmin ? null : <Button onClick={screen.back}>Back</Button>

  if (!id) {
    return (
      <Card title="Nonprofit Details">
        <Outcome status="warning" title="No nonprofit selected" extra={back} />
      </Card>
    )
  }

  if (error || !charity) return <LoadState title="Nonprofit Details" error={error} back={back} />

  const media = (name: string) => mediaFileUrl(meta, CHARITY_MEDIA_MODULE, name)
  const verification = VERIFICATION[charity.adminVerification] ?? VERIFICATION.Pending
  const adminName = [charity.adminFirstName, charity.adminLastName].filter(Boolean).join(' ')
  const orDash = (value: ReactNode) => (value === '' || value === null || value === undefined ? '-' : value)

  const items: Array<{ key: string; label: string; children: ReactNode; span?: number | 'filled' }> = [
    {
      key: 'logo',
      label: 'Logo',
      children: charity.logo ? <Image width={96} src={media(charity.logo)} alt={`${charity.charityName} logo`} /> : '-',
    },
    { key: 'charityName', label: 'Nonprofit Name', children: formatName(charity.charityName) },
    { key: 'taxId', label: 'Tax ID', children: orDash(formatTaxId(charity.taxId)) },
    { key: 'category', label: 'Category', children: orDash(charity.categoryName) },
    {
      key: 'causes',
      label: 'Causes',
      children: charity.causes?.length ? charity.causes.map((c) => <Tag key={c._id}>{c.name}</Tag>) : '-',
    },
    { key: 'email', label: 'Email', children: orDash(charity.email) },
    { key: 'phoneNumber', label: 'Phone Number', children: orDash(formatPhone(charity.phoneNumber)) },
    {
      key: 'website',
      label: 'Website',
      children:
        charity.website && isAllowedLink(charity.website) ? (
          <TextLink href={charity.website} target="_blank" rel="noopener noreferrer">
            {charity.website}
          </TextLink>
        ) : (
          orDash(charity.website)
        ),
    },
    { key: 'address', label: 'Address', children: orDash(charity.address) },
    { key: 'city', label: 'City', children: orDash(charity.city) },
    { key: 'state', label: 'State', children: orDash(charity.state) },
    { key: 'country', label: 'Country', children: orDash(charity.country) },
    { key: 'zipCode', label: 'Zip Code', children: orDash(formatZip(charity.zipCode)) },
    { key: 'adminName', label: 'Admin Name', children: orDash(adminName) },
    { key: 'adminEmail', label: 'Admin Email', children: orDash(charity.adminEmail) },
    { key: 'adminPhone', label: 'Admin Phone', children: orDash(formatPhone(charity.adminPhone)) },
    {
      key: 'status',
      label: 'Status',
      children: charity.isActive ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>,
    },
    {
      key: 'verification',
      label: 'Verification',
      children: <Tag color={verification.color}>{verification.label}</Tag>,
    },
    { key: 'adminApproveAt', label: 'Admin Approve at', children: orDash(formatDate(charity.adminApproveAt)) },
    { key: 'source', label: 'Source', children: charity.isImported ? 'Imported' : 'Onboarded' },
  ]
  if (charity.nteeCode) items.push({ key: 'nteeCode', label: 'NTEE Code', children: charity.nteeCode })
  items.push({ key: 'createdAt', label: 'Created At', children: orDash(formatDate(charity.createdAt)) })
  if (charity.adminVerification === 'Reject') {
    items.push({
      key: 'rejectReason',
      label: 'Rejected Reason',
      children: orDash(charity.rejectReason),
      span: 'filled',
    })
  }
  items.push({ key: 'mission', label: 'Mission', children: <RichTextView html={charity.mission} />, span: 'filled' })
  items.push({
    key: 'description',
    label: 'Description',
    children: <RichTextView html={charity.description} />,
    span: 'filled',
  })

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="Nonprofit Details"
        extra={
          <Space wrap>
            {holdsEverything(user) && charity.adminVerification === 'Approve' && (
              <Button icon={<MailOutlined />} loading={invitation.isPending} onClick={invite}>
                Invite Admin
              </Button>
            )}
            {can(CHARITY_MODULE, 'edit') && <EditButton to={paths.charityEdit(charity._id || id)} />}
            {back}
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      </Card>
      <Card title="Images">
        {charity.images?.length ? (
          <Image.PreviewGroup>
            <Flex gap={12} wrap>
              {charity.images.map((name) => (
                <Image
                  key={name}
                  width={120}
                  height={120}
                  style={{ objectFit: 'cover' }}
                  src={media(name)}
                  alt={name}
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        ) : (
          <Text type="secondary">No images</Text>
        )}
      </Card>
      <Card title="Payment Methods">
        {methods.loading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : methods.error ? (
          <Alert type="error" showIcon title={methods.error} />
        ) : (
          <PaymentMethodList methods={methods.value ?? []} />
        )}
      </Card>
    </Space>
  )
}
