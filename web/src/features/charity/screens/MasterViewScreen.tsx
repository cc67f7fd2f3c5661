/**
 * /master/master_view/:id (New Nonprofit, view): a nonprofit waiting for verification, with
 * Approve and Reject. Approve asks in the shared confirmation dialog and sends an empty
 * reason; Reject asks for the reason in the same dialog ('Please Enter Add Reason') and sends
 * it. Either way the dialog closes (failures are shown by the request client, with
 * 'Something went wrong' when the server gives no message) and a decision goes to /master.
 */
import { useRef, useState, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Descriptions, Image, Space, Tag, Typography } from 'antd'
import { LoadState } from '../../../components/LoadState'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog, type ConfirmValues } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { RichTextView } from '../../../components/RichTextView'
import { formatDate, formatName, formatPhone, formatSplitAfterTwo, formatZip } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { toast } from '../../../lib/toast'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { getCharity } from '../api/get-charity'
import { changeVerification } from '../api/change-verification'
import type { Verification } from '../types'
import { NEW_NONPROFIT_PATH } from '../constants'

export const APPROVE_TITLE = 'Are you sure you want to Approve ?'
export const REJECT_TITLE = 'Are you sure you want to Reject ?'

const VERIFICATION: Record<Verification, { label: string; color: string }> = {
  Pending: { label: 'Pending', color: 'gold' },
  Approve: { label: 'Approved', color: 'green' },
  Reject: { label: 'Rejected', color: 'red' },
}

export default function MasterViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { value: charity, error } = useRecord(['charity', id], () => getCharity(id))
  const [approveOpen, setApproveOpen] = useState(false)
  const [rejectOpen, setRejectOpen] = useState(false)
  const deciding = useRef(false)
  const refresh = useRefresh('charity')
  const verify = useMutation({ mutationFn: changeVerification, onSettled: () => void refresh() })
  const meta = useMetaData()
  // Approving or rejecting changes a nonprofit's standing: it needs Nonprofit Management status
  // besides this screen's view (the server refuses it otherwise).
  const { can } = useAccess()

  /** Sends the decision once; closes the dialog whatever the answer; goes to /master after a decision. */
  const decide = async (adminVerification: 'Approve' | 'Reject', rejectReason: string) => {
    if (deciding.current) return
    deciding.current = true
    let done = false
    try {
      const res = await verify.mutateAsync({ charityId: id, adminVerification, rejectReason })
      toast.success(res.message || 'Success')
      done = true
    } catch {
      // The request client has shown the server's message, or 'Something went wrong'.
    } finally {
      deciding.current = false
      setApproveOpen(false)
      setRejectOpen(false)
    }
    if (done) navigate(NEW_NONPROFIT_PATH)
  }

  const back = <Button onClick={() => navigate(NEW_NONPROFIT_PATH)}>Back</Button>

  if (error || !charity) return <LoadState title="Nonprofit Details" error={error} back={back} />

  const verification = VERIFICATION[charity.adminVerification] ?? VERIFICATION.Pending
  const canDecide = charity.adminVerification !== 'Approve' && can(SLUGS.charity, 'status')
  const place = [charity.address, charity.city, charity.state, charity.country, formatZip(charity.zipCode)]
    .filter(Boolean)
    .join(', ')
  const admin = [charity.adminFirstName, charity.adminLastName].filter(Boolean).join(' ')

  const items: Array<{ key: string; label: string; children: ReactNode; span?: number }> = [
    {
      key: 'logo',
      label: 'Logo',
      children: charity.logo ? (
        <Image width={96} src={mediaFileUrl(meta, 'charity', charity.logo)} alt={`${charity.charityName} logo`} />
      ) : (
        '-'
      ),
    },
    { key: 'charityName', label: 'Nonprofit Name', children: formatName(charity.charityName) },
    { key: 'taxId', label: 'Tax ID', children: formatSplitAfterTwo(charity.taxId) },
    { key: 'category', label: 'Category', children: charity.categoryName || '-' },
    {
      key: 'causes',
      label: 'Causes',
      children: charity.causes?.length ? charity.causes.map((c) => <Tag key={c._id}>{c.name}</Tag>) : '-',
    },
    { key: 'email', label: 'Email', children: charity.email || '-' },
    { key: 'phone', label: 'Phone Number', children: formatPhone(charity.phoneNumber) || '-' },
    {
      key: 'website',
      label: 'Website',
      children: charity.website ? (
        <Typography.Link href={charity.website} target="_blank" rel="noopener noreferrer">
          {charity.website}
        </Typography.Link>
      ) : (
        '-'
      ),
    },
    { key: 'address', label: 'Address', children: place || '-' },
    { key: 'admin', label: 'Admin Name', children: admin || '-' },
    { key: 'adminEmail', label: 'Admin Email', children: charity.adminEmail || '-' },
    { key: 'adminPhone', label: 'Admin Phone', children: formatPhone(charity.adminPhone) || '-' },
    { key: 'createdAt', label: 'Created At', children: formatDate(charity.createdAt) || '-' },
    {
      key: 'verification',
      label: 'Verification',
      children: <Tag color={verification.color}>{verification.label}</Tag>,
    },
  ]
  if (charity.adminVerification === 'Reject') {
    items.push({ key: 'rejectReason', label: 'Rejected Reason', children: charity.rejectReason || '-', span: 2 })
  }
  items.push({ key: 'mission', label: 'Mission', children: <RichTextView html={charity.mission} />, span: 2 })
  if (charity.description) {
    items.push({
      key: 'description',
      label: 'Description',
      children: <RichTextView html={charity.description} />,
      span: 2,
    })
  }

  return (
    <Card
      title="Nonprofit Details"
      extra={
        <Space wrap>
          {canDecide && (
            <Button type="primary" icon={<CheckOutlined />} onClick={() => setApproveOpen(true)}>
              Approve
            </Button>
          )}
          {canDecide && charity.adminVerification !== 'Reject' && (
            <Button danger icon={<CloseOutlined />} onClick={() => setRejectOpen(true)}>
              Reject
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      <ConfirmDialog
        open={approveOpen}
        title={APPROVE_TITLE}
        text={charity.charityName}
        onConfirm={() => decide('Approve', '')}
        onCancel={() => setApproveOpen(false)}
      />
      <ConfirmDialog
        open={rejectOpen}
        title={REJECT_TITLE}
        text={charity.charityName}
        withReason
        reasonLimit={LIMITS.charity.rejectReason}
        onConfirm={({ reason }: ConfirmValues) => decide('Reject', reason ?? '')}
        onCancel={() => setRejectOpen(false)}
      />
    </Card>
  )
}
