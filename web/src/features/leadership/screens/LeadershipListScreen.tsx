/**
 * /content_management/leadership (Leadership: add, edit, delete): the leaders shown on the
 * about page, in their order on the page, with photo, title and whether they are shown
 * (switched with the edit right, after the shared confirmation); View, Edit and Delete.
 */
import { useMemo } from 'react'
import { Button, Select, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { TableQuery } from '../../../lib/list-page'
import { useListFilters } from '../../../lib/list-state'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteLeadership, inputOf, listLeadership, updateLeadership } from '../api/leadership'
import { LeadershipPhoto } from '../components/LeadershipPhoto'
import type { Leadership } from '../types'

const MODULE = SLUGS.leadership
const nameOf = (row: Leadership) => row.name
const BY_ORDER = { column: 'order', order: 'asc' } as const
const FILTERS = ['status'] as const
type StatusFilter = '' | 'active' | 'inactive'
const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]

export default function LeadershipListScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const refresh = useRefresh('leadership')
  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const [filters, setFilters] = useListFilters(FILTERS)
  const status = (['active', 'inactive'].includes(filters.status) ? filters.status : '') as StatusFilter
  const fetch = useMemo(
    () => (query: TableQuery) => listLeadership(status ? { ...query, isActive: status === 'active' } : query),
    [status],
  )

  const { askStatus, askDelete, dialog } = useRowActions<Leadership>({
    setStatus: (row, isActive) => updateLeadership(row._id, { ...inputOf(row), isActive }),
    remove: (row) => deleteLeadership(row._id),
    reload: refresh,
    describe: nameOf,
  })

  const columns = useMemo(() => {
    const list: ColumnsType<Leadership> = [
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
    ]
    if (canEdit) list.push(statusColumn(nameOf, askStatus))
    const action = actionColumn<Leadership>(nameOf, [
      { label: 'View', to: (row) => paths.leadershipView(row._id) },
      canEdit && { label: 'Edit', to: (row) => paths.leadershipEdit(row._id) },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [canEdit, canDelete, askStatus, askDelete])

  return (
    <ListCard<Leadership>
      empty="No leaders yet: add a leader and it shows here"
      title="Leadership"
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.leadershipAdd())}>
            Add Leadership
          </Button>
        )
      }
      searchPlaceholder="Search by Name or Title"
      filters={
        <Select<StatusFilter>
          aria-label="Status"
          style={{ minWidth: 160 }}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next) => setFilters({ status: next })}
        />
      }
      queryKey={['leadership', 'list', status]}
      aria-label="Leadership"
      columns={columns}
      fetch={fetch}
      defaultSort={BY_ORDER}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
