/**
 * /master/master_view/:id (New Nonprofit, view): a nonprofit waiting for verification, with
 * Approve and Reject. Approve asks in the shared confirmation dialog and sends an empty
 * reason; Reject asks for the reason in the same dialog ('Please Enter Add Reason') and sends
 * it. Either way the dialog closes (failures are shown by the request client, with
 * 'Something went wrong' when the server gives no message) and a decision goes to /master.
 */
import { Button, Image, Tag } from 'antd'
import { LoadState } from '../../../components/LoadState'
import { useNavigate, useParams } from 'react-router'
import { DecisionCard } from '../../../components/Decision'
import { rejectReasonItems, verificationItem, websiteItem, type DetailItem } from '../../../components/request-items'
import { useDecision } from '../../../components/useDecision'
import { LIMITS } from '../../../lib/limits'
import { RichTextView } from '../../../components/RichTextView'
import { formatDate, formatName, formatPhone, formatSplitAfterTwo, formatZip } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { getCharity } from '../api/get-charity'
import { changeVerification } from '../api/change-verification'
import { NEW_NONPROFIT_PATH } from '../constants'

export default function MasterViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { value: charity, error } = useRecord(['charity', id], () => getCharity(id))
  const refresh = useRefresh('charity')
  // A decision goes to /master.
  const decision = useDecision({
    send: (adminVerification, rejectReason) => changeVerification({ charityId: id, adminVerification, rejectReason }),
    decided: () => navigate(NEW_NONPROFIT_PATH),
    refresh: () => void refresh(),
  })
  const meta = useMetaData()
  // Approving or rejecting changes a nonprofit's standing: it needs Nonprofit Management status
  // besides this screen's view (the server refuses it otherwise).
  const { can } = useAccess()

  const back = <Button onClick={() => navigate(NEW_NONPROFIT_PATH)}>Back</Button>

  if (error || !charity) return <LoadState title="Nonprofit Details" error={error} back={back} />

  const canDecide = charity.adminVerification !== 'Approve' && can(SLUGS.charity, 'status')
  const may = { canApprove: canDecide, canReject: canDecide && charity.adminVerification !== 'Reject' }
  const place = [charity.address, charity.city, charity.state, charity.country, formatZip(charity.zipCode)]
    .filter(Boolean)
    .join(', ')
  const admin = [charity.adminFirstName, charity.adminLastName].filter(Boolean).join(' ')

  const items: DetailItem[] = [
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
    websiteItem(charity.website),
    { key: 'address', label: 'Address', children: place || '-' },
    { key: 'admin', label: 'Admin Name', children: admin || '-' },
    { key: 'adminEmail', label: 'Admin Email', children: charity.adminEmail || '-' },
    { key: 'adminPhone', label: 'Admin Phone', children: formatPhone(charity.adminPhone) || '-' },
    { key: 'createdAt', label: 'Created At', children: formatDate(charity.createdAt) || '-' },
    verificationItem(charity.adminVerification),
    ...rejectReasonItems(charity.adminVerification, charity.rejectReason),
  ]
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
    <DecisionCard
      title="Nonprofit Details"
      back={back}
      items={items}
      decision={decision}
      {...may}
      name={charity.charityName}
      reasonLimit={LIMITS.charity.rejectReason}
    />
  )
}
