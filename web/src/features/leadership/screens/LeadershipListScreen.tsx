/**
 * /content_management/leadership (Leadership: add, edit, delete): the leaders shown on the
 * about page, in their order on the page, with photo, title and whether they are shown
 * (switched with the edit right, after the shared confirmation); View, Edit and Delete.
 */
import { useMemo } from 'react'
import { Select, Space } from 'antd'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, columnsOf, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { TableQuery } from '../../../lib/list-page'
import { useYesNoFilter } from '../../../lib/list-state'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteLeadership, inputOf, listLeadership, updateLeadership } from '../api/leadership'
import { LeadershipPhoto } from '../components/LeadershipPhoto'
import type { Leadership } from '../types'

const MODULE = SLUGS.leadership
const nameOf = (row: Leadership) => row.name
const BY_ORDER = { column: 'order', order: 'asc' } as const
const STATUS_OPTIONS: Array<{ value: '' | 'active' | 'inactive'; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]

export default function LeadershipListScreen() {
  const { canAdd, canEdit, canDelete } = useRights(MODULE)
  const refresh = useRefresh('leadership')
  const status = useYesNoFilter('status', 'active', 'inactive')
  const isActive = status.flag
  const fetch = useMemo(
    () => (query: TableQuery) => listLeadership(isActive === undefined ? query : { ...query, isActive }),
    [isActive],
  )

  const { askStatus, askDelete, dialog } = useRowActions<Leadership>({
    setStatus: (row, isActive) => updateLeadership(row._id, { ...inputOf(row), isActive }),
    remove: (row) => deleteLeadership(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<Leadership>(
        {
          title: 'Name',
          key: 'name',
          sorter: true,
          render: (_, row) => (
            <Space>
              <LeadershipPhoto name={row.name} photo={row.photo} />
              <span>{row.name}</span>
            </Space>
          ),
        },
        { title: 'Title', key: 'title', dataIndex: 'title', sorter: true },
        { title: 'Order', key: 'order', dataIndex: 'order', sorter: true },
        canEdit && statusColumn(nameOf, askStatus),
        actionColumn<Leadership>(nameOf, [
          { label: 'View', to: (row) => paths.leadershipView(row._id) },
          canEdit && { label: 'Edit', to: (row) => paths.leadershipEdit(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canEdit, canDelete, askStatus, askDelete],
  )

  return (
    <ListCard<Leadership>
      empty="No leaders yet: add a leader and it shows here"
      title="Leadership"
      add={canAdd && { label: 'Add Leadership', to: paths.leadershipAdd() }}
      searchPlaceholder="Search by Name or Title"
      filters={
        <Select
          aria-label="Status"
          style={{ minWidth: 160 }}
          value={status.choice}
          options={STATUS_OPTIONS}
          onChange={status.choose}
        />
      }
      queryKey={['leadership', 'list', status.choice]}
      aria-label="Leadership"
      columns={columns}
      fetch={fetch}
      bulk={{ module: MODULE, nameOf, filter: isActive === undefined ? {} : { isActive } }}
      defaultSort={BY_ORDER}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
