/**
 * /strategic/strategic_view/:id (Pending/Rejected Partners, view): every field of a giving
 * partner, with Approve (a confirmation, then an empty reason is sent; then /strategic) and
 * Reject (the reason is asked in the same dialog, 'Please Enter Add Reason'; then
 * /strategic/pending_strategic_partner). `?action=approve|reject` (the pending list's links)
 * opens that dialog at once. A failure closes the dialog and stays (the client shows it).
 */
import { Button, Image } from 'antd'
import { Paragraph } from '../../../components/Text'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { DecisionCard } from '../../../components/Decision'
import { rejectReasonItems, verificationItem, websiteItem, type DetailItem } from '../../../components/request-items'
import { useDecision } from '../../../components/useDecision'
import { LIMITS } from '../../../lib/limits'
import { formatDate, formatPhone } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { getPartner } from '../api/get-partner'
import { changePartnerVerification } from '../api/change-partner-verification'
import { PARTNER_MEDIA_MODULE } from '../constants'
import { paths } from '../../../paths'

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
  const refresh = useRefresh('giving-partner')
  const decision = useDecision({
    send: (adminVerification, rejectReason) =>
      changePartnerVerification({ strategicPartnerId: id, adminVerification, rejectReason }),
    decided: (verdict) => navigate(verdict === 'Approve' ? paths.partnerList() : paths.pendingPartnerList()),
    refresh: () => void refresh(),
    opened: asked,
  })

  const backTo = partner?.adminVerification === 'Approve' ? paths.partnerList() : paths.pendingPartnerList()
  const back = <Button onClick={() => navigate(backTo)}>Back</Button>

  if (error || !partner) return <LoadState title="Giving Partner Details" error={error} back={back} />

  const may = {
    canApprove: mayDecide && partner.adminVerification !== 'Approve',
    canReject: mayDecide && partner.adminVerification === 'Pending',
  }
  const logo = partner.logo
    ? isAddress(partner.logo)
      ? partner.logo
      : mediaFileUrl(meta, PARTNER_MEDIA_MODULE, partner.logo)
    : ''
  const place = [partner.city, partner.state].filter(Boolean).join(', ')

  const items: DetailItem[] = [
    { key: 'logo', label: 'Logo', children: logo ? <Image width={96} src={logo} alt={`${partner.name} logo`} /> : '-' },
    { key: 'name', label: 'Name', children: partner.name },
    { key: 'userName', label: 'User Name', children: partner.userName || '-' },
    { key: 'email', label: 'Email', children: partner.emailAddress || '-' },
    { key: 'phone', label: 'Phone Number', children: formatPhone(partner.phoneNumber) || '-' },
    websiteItem(partner.website),
    { key: 'place', label: 'City, State', children: place || '-' },
    { key: 'appliedAt', label: 'Applied At', children: formatDate(partner.appliedAt) || '-' },
    verificationItem(partner.adminVerification),
    { key: 'verifiedAt', label: 'Verified At', children: formatDate(partner.verifiedAt) || '-' },
    { key: 'active', label: 'Status', children: partner.isActive ? 'Active' : 'Inactive' },
    ...rejectReasonItems(partner.adminVerification, partner.rejectReason),
  ]
  items.push({
    key: 'description',
    label: 'Description',
    children: <Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{partner.description || '-'}</Paragraph>,
    span: 2,
  })

  return (
    <DecisionCard
      title="Giving Partner Details"
      back={back}
      items={items}
      decision={decision}
      {...may}
      name={partner.name}
      reasonLimit={LIMITS.partner.rejectReason}
      rejectCancelLabel="Cancel"
    />
  )
}
