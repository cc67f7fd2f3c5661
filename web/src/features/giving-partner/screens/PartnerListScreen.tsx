/**
 * /strategic (Management of Approved Partners): approved giving partners, searchable and
 * sortable on the server, with the status toggle (status right) and delete (delete right),
 * each after the shared confirmation.
 */
import { useMemo } from 'react'
import type { ColumnsType } from 'antd/es/table'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { formatPhone } from '../../../lib/format'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { listApprovedPartners } from '../api/list-partners'
import { setPartnerStatus } from '../api/set-partner-status'
import { deletePartner } from '../api/delete-partner'
import type { Partner } from '../types'
import { NEWEST_APPLIED, PARTNER_SEARCH_PLACEHOLDER } from '../constants'
import { paths } from '../../../paths'

const MODULE = SLUGS.partner
const nameOf = (row: Partner) => row.name

export default function PartnerListScreen() {
  const { can } = useAccess()
  const refresh = useRefresh('giving-partner')
  const canStatus = can(MODULE, 'status')
  const canDelete = can(MODULE, 'delete')
  // The strategic view belongs to the pending partners' module.
  const canView = can(SLUGS.pendingPartner, 'view')

  const { askStatus, askDelete, dialog } = useRowActions<Partner>({
    setStatus: (row, isActive) => setPartnerStatus(row._id, isActive),
    remove: (row) => deletePartner(row._id),
    reload: refresh,
    describe: nameOf,
  })

  const columns = useMemo(() => {
    const list: ColumnsType<Partner> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'User Name', key: 'userName', dataIndex: 'userName', sorter: true },
      { title: 'Email', key: 'emailAddress', dataIndex: 'emailAddress', sorter: true },
      { title: 'Phone Number', key: 'phoneNumber', render: (_, row) => formatPhone(row.phoneNumber) || '-' },
      dateColumn('Applied At', 'appliedAt'),
    ]
    if (canStatus) list.push(statusColumn(nameOf, askStatus))
    const action = actionColumn<Partner>(nameOf, [
      canView && { label: 'View', to: (row) => paths.partnerView(row._id) },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [canStatus, canView, canDelete, askStatus, askDelete])

  return (
    <ListCard<Partner>
      empty="No approved partners yet: partners you approve show here"
      title="Management of Approved Partners"
      searchPlaceholder={PARTNER_SEARCH_PLACEHOLDER}
      queryKey={['giving-partner', 'list', 'approved']}
      aria-label="Approved giving partners"
      columns={columns}
      fetch={listApprovedPartners}
      defaultSort={NEWEST_APPLIED}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
