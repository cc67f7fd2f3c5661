/**
 * /master/cause_management: searchable, sortable, paged list of causes with status, add, edit and
 * delete, and an Excel export of the rows matching the list's current search and sort.
 */
import { useMemo } from 'react'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { useDownload } from '../../../components/useDownload'
import { ExportExcelButton } from '../../../components/ExportExcel'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useRights } from '../../../lib/session'
import { sortOf, useListView } from '../../../lib/list-state'
import { useRefresh } from '../../../lib/query'
import { listCauses } from '../api/list-causes'
import { setCauseStatus } from '../api/set-cause-status'
import { deleteCause } from '../api/delete-cause'
import { exportCauses } from '../api/export-causes'
import type { CauseRow } from '../types'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'

const MODULE = SLUGS.cause
const nameOf = (row: CauseRow) => row.name

export default function CauseListScreen() {
  const { canAdd, canEdit, canDelete, canStatus } = useRights(MODULE)
  const refresh = useRefresh('cause')

  // The export uses the list's current search and sort (from the URL; newest first by default).
  const [view] = useListView()
  const download = useDownload(() => exportCauses({ search: view.search, ...sortOf(view) }))

  const { askStatus, askDelete, dialog } = useRowActions<CauseRow>({
    setStatus: (row, isActive) => setCauseStatus(row._id, isActive),
    remove: (row) => deleteCause(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<CauseRow>(
        { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
        { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true },
        dateColumn('Created At', 'createdAt'),
        canStatus && statusColumn(nameOf, askStatus),
        actionColumn<CauseRow>(nameOf, [
          canEdit && { label: 'Edit', to: (row) => paths.causeEdit(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canStatus, canEdit, canDelete, askStatus, askDelete],
  )

  return (
    <ListCard<CauseRow>
      empty="No causes yet: add a cause and it shows here"
      title="Causes/Affiliations Management"
      actions={<ExportExcelButton download={download} />}
      add={canAdd && { label: 'Add New Cause', to: paths.causeAdd() }}
      searchPlaceholder="Search by Cause Name"
      queryKey={['cause', 'list']}
      aria-label="Causes"
      columns={columns}
      fetch={listCauses}
      bulk={{ module: MODULE, nameOf, filter: {} }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
