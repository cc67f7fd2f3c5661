/**
 * /donor: searchable (name or email), sortable, paged list of donors with their total given,
 * the status toggle, view, edit and delete, each shown as the Donor module's rights allow.
 */
import { useMemo } from 'react'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { formatCents, formatPhone } from '../../../lib/format'
import { useRights } from '../../../lib/session'
import { useRefresh } from '../../../lib/query'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import { listDonors } from '../api/list-donors'
import { setDonorStatus } from '../api/set-donor-status'
import { deleteDonor } from '../api/delete-donor'
import { donorLocation, donorName } from '../names'
import type { Donor } from '../types'

const MODULE = SLUGS.donor

export default function DonorListScreen() {
  const { canAdd, canView, canEdit, canDelete, canStatus } = useRights(MODULE)
  const refresh = useRefresh('donor')
  const { askStatus, askDelete, dialog } = useRowActions<Donor>({
    setStatus: (row, isActive) => setDonorStatus(row._id, isActive),
    remove: (row) => deleteDonor(row._id),
    reload: refresh,
    describe: donorName,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<Donor>(
        { title: 'Name', key: 'firstName', sorter: true, render: (_, row) => donorName(row) },
        { title: 'Email', key: 'email', dataIndex: 'email', sorter: true },
        { title: 'Phone', key: 'phoneNumber', render: (_, row) => formatPhone(row.phoneNumber) },
        { title: 'Location', key: 'location', render: (_, row) => donorLocation(row) },
        {
          title: 'Total Given',
          key: 'totalGivenCents',
          dataIndex: 'totalGivenCents',
          sorter: true,
          align: 'right',
          render: (cents: number) => formatCents(cents ?? 0),
        },
        dateColumn('Joined', 'createdAt'),
        canStatus && statusColumn(donorName, askStatus),
        actionColumn<Donor>(donorName, [
          canView && { label: 'View', to: (row) => paths.donorView(row._id) },
          canEdit && { label: 'Edit', to: (row) => paths.donorEdit(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canStatus, canView, canEdit, canDelete, askStatus, askDelete],
  )

  return (
    <ListCard<Donor>
      empty="No donors yet: donors who sign up in the app, or that you add, show here"
      title="Donor Management"
      add={canAdd && { label: 'Add Donor', to: paths.donorAdd() }}
      searchPlaceholder="Search by Name or Email"
      queryKey={['donor', 'list']}
      aria-label="Donors"
      columns={columns}
      fetch={listDonors}
      bulk={{ module: MODULE, nameOf: donorName, filter: {} }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
