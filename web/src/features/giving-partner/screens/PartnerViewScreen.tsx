/**
 * /strategic/strategic_view/:id (Pending/Rejected Partners, view): every field of a giving
 * partner, with Approve (a confirmation, then an empty reason is sent; then /strategic) and
 * Reject (the reason is asked in the same dialog, 'Please Enter Add Reason'; then
 * /strategic/pending_strategic_partner). `?action=approve|reject` (the pending list's links)
 * opens that dialog at once. A failure closes the dialog and stays (the client shows it).
 */
import { useRef, useState, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Descriptions, Image, Space, Tag, Typography } from 'antd'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { ConfirmDialog, type ConfirmValues } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { formatDate, formatPhone } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { toast } from '../../../lib/toast'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { getPartner } from '../api/get-partner'
import { changePartnerVerification } from '../api/change-partner-verification'
import type { PartnerVerification } from '../types'
import { APPROVE_TITLE, PARTNER_MEDIA_MODULE, REJECT_TITLE } from '../constants'
import { paths } from '../../../paths'

const VERIFICATION: Record<PartnerVerification, { label: string; color: string }> = {
  Pending: { label: 'Pending', color: 'gold' },
  Approve: { label: 'Approved', color: 'green' },
  Reject: { label: 'Rejected', color: 'red' },
}

/** A logo is a file name on the media server, or already a whole address. */
const isAddress = (value: string) => /^(https?:)?\/\//.test(value)

export default function PartnerViewScreen() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const asked = params.get('action')
  // A decision changes a partner's standing: Approved Partners status besides this view.
  const { can } = useAccess()
  const mayDecide = can(SLUGS.partner, 'status')
  const navigate = useNavigate()
  const meta = useMetaData()
  const { value: partner, error } = useRecord(['giving-partner', id], () => getPartner(id))
  const [approveOpen, setApproveOpen] = useState(asked === 'approve')
  const [rejectOpen, setRejectOpen] = useState(asked === 'reject')
  const deciding = useRef(false)
  const refresh = useRefresh('giving-partner')
  const verify = useMutation({ mutationFn: changePartnerVerification, onSettled: () => void refresh() })

  /** Sends the decision once; closes the dialog whatever the answer; leaves after a decision. */
  const decide = async (adminVerification: 'Approve' | 'Reject', rejectReason: string) => {
    if (deciding.current) return
    deciding.current = true
    let done = false
    try {
      const res = await verify.mutateAsync({ strategicPartnerId: id, adminVerification, rejectReason })
      toast.success(res.message || 'Success')
      done = true
    } catch {
      // The request client has shown the server's message.
    } finally {
      deciding.current = false
      setApproveOpen(false)
      setRejectOpen(false)
    }
    if (done) navigate(adminVerification === 'Approve' ? paths.partnerList() : paths.pendingPartnerList())
  }

  const backTo = partner?.adminVerification === 'Approve' ? paths.partnerList() : paths.pendingPartnerList()
  const back = <Button onClick={() => navigate(backTo)}>Back</Button>

  if (error || !partner) return <LoadState title="Giving Partner Details" error={error} back={back} />

  const verification = VERIFICATION[partner.adminVerification] ?? VERIFICATION.Pending
  const canApprove = mayDecide && partner.adminVerification !== 'Approve'
  const canReject = mayDecide && partner.adminVerification === 'Pending'
  const logo = partner.logo
    ? isAddress(partner.logo)
      ? partner.logo
      : mediaFileUrl(meta, PARTNER_MEDIA_MODULE, partner.logo)
    : ''
  const place = [partner.city, partner.state].filter(Boolean).join(', ')

  const items: Array<{ key: string; label: string; children: ReactNode; span?: number }> = [
    { key: 'logo', label: 'Logo', children: logo ? <Image width={96} src={logo} alt={`${partner.name} logo`} /> : '-' },
    { key: 'name', label: 'Name', children: partner.name },
    { key: 'userName', label: 'User Name', children: partner.userName || '-' },
    { key: 'email', label: 'Email', children: partner.emailAddress || '-' },
    { key: 'phone', label: 'Phone Number', children: formatPhone(partner.phoneNumber) || '-' },
    {
      key: 'website',
      label: 'Website',
      children: partner.website ? (
        <Typography.Link href={partner.website} target="_blank" rel="noopener noreferrer">
          {partner.website}
        </Typography.Link>
      ) : (
        '-'
      ),
    },
    { key: 'place', label: 'City, State', children: place || '-' },
    { key: 'appliedAt', label: 'Applied At', children: formatDate(partner.appliedAt) || '-' },
    {
      key: 'verification',
      label: 'Verification',
      children: <Tag color={verification.color}>{verification.label}</Tag>,
    },
    { key: 'verifiedAt', label: 'Verified At', children: formatDate(partner.verifiedAt) || '-' },
    { key: 'active', label: 'Status', children: partner.isActive ? 'Active' : 'Inactive' },
  ]
  if (partner.adminVerification === 'Reject') {
    items.push({ key: 'rejectReason', label: 'Rejected Reason', children: partner.rejectReason || '-', span: 2 })
  }
  items.push({
    key: 'description',
    label: 'Description',
    children: (
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
        {partner.description || '-'}
      </Typography.Paragraph>
    ),
    span: 2,
  })

  return (
    <Card
      title="Giving Partner Details"
      extra={
        <Space wrap>
          {canApprove && (
            <Button type="primary" icon={<CheckOutlined />} onClick={() => setApproveOpen(true)}>
              Approve
            </Button>
          )}
          {canReject && (
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
        open={approveOpen && canApprove}
        title={APPROVE_TITLE}
        text={partner.name}
        onConfirm={() => decide('Approve', '')}
        onCancel={() => setApproveOpen(false)}
      />
      <ConfirmDialog
        open={rejectOpen && canReject}
        title={REJECT_TITLE}
        text={partner.name}
        withReason
        reasonLimit={LIMITS.partner.rejectReason}
        cancelLabel="Cancel"
        onConfirm={({ reason }: ConfirmValues) => decide('Reject', reason ?? '')}
        onCancel={() => setRejectOpen(false)}
      />
    </Card>
  )
}
