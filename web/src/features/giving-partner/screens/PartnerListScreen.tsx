/**
 * /strategic (Management of Approved Partners): approved giving partners, searchable and
 * sortable on the server, with the status toggle (status right) and delete (delete right),
 * each after the shared confirmation.
 */
import { useMemo } from 'react'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { formatPhone } from '../../../lib/format'
import { useRefresh } from '../../../lib/query'
import { useAccess, useRights } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { listApprovedPartners } from '../api/list-partners'
import { setPartnerStatus } from '../api/set-partner-status'
import { deletePartner } from '../api/delete-partner'
import type { Partner } from '../types'
import { NEWEST_APPLIED, PARTNER_SEARCH_PLACEHOLDER } from '../constants'
import { partnerColumns } from '../columns'
import { paths } from '../../../paths'

const MODULE = SLUGS.partner
const nameOf = (row: Partner) => row.name

export default function PartnerListScreen() {
  const { can } = useAccess()
  const { canStatus, canDelete } = useRights(MODULE)
  const refresh = useRefresh('giving-partner')
  // The strategic view belongs to the pending partners' module.
  const canView = can(SLUGS.pendingPartner, 'view')

  const { askStatus, askDelete, dialog } = useRowActions<Partner>({
    setStatus: (row, isActive) => setPartnerStatus(row._id, isActive),
    remove: (row) => deletePartner(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<Partner>(
        ...partnerColumns(),
        { title: 'Phone Number', key: 'phoneNumber', render: (_, row) => formatPhone(row.phoneNumber) || '-' },
        dateColumn('Applied At', 'appliedAt'),
        canStatus && statusColumn(nameOf, askStatus),
        actionColumn<Partner>(nameOf, [
          canView && { label: 'View', to: (row) => paths.partnerView(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canStatus, canView, canDelete, askStatus, askDelete],
  )

  return (
    <ListCard<Partner>
      empty="No approved partners yet: partners you approve show here"
      title="Management of Approved Partners"
      searchPlaceholder={PARTNER_SEARCH_PLACEHOLDER}
      queryKey={['giving-partner', 'list', 'approved']}
      aria-label="Approved giving partners"
      columns={columns}
      fetch={listApprovedPartners}
      bulk={{ module: MODULE, nameOf, filter: {} }}
      defaultSort={NEWEST_APPLIED}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
