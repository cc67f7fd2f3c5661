/** /master/cause_management: searchable, sortable, paged list of causes with status, add, edit and delete. */
import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Card, Space } from 'antd'
import { StatusSwitch, rowActionTitle } from '../../../components/RowStatus'
import type { ColumnsType } from 'antd/es/table'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router'
import { DataTable, type DataTableHandle, type TableQuery } from '../../../components/DataTable'
import { SearchBox } from '../../../components/SearchBox'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { formatDate } from '../../../lib/format'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { listCauses } from '../api/list-causes'
import { setCauseStatus } from '../api/set-cause-status'
import { deleteCause } from '../api/delete-cause'
import type { CauseRow } from '../types'

const MODULE = '/master/cause_management'

type PendingAction = { kind: 'status'; row: CauseRow } | { kind: 'delete'; row: CauseRow } | null

export default function CauseListScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const table = useRef<DataTableHandle>(null)
  const [search, setSearch] = useState('')
  const [pending, setPending] = useState<PendingAction>(null)

  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const canStatus = can(MODULE, 'status')

  const fetch = useCallback((query: TableQuery) => listCauses(query), [])

  const columns = useMemo(() => {
    const list: ColumnsType<CauseRow> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true },
      {
        title: 'Created At',
        key: 'createdAt',
        dataIndex: 'createdAt',
        sorter: true,
        render: (value: number) => formatDate(value),
      },
    ]
    if (canStatus) {
      list.push({
        title: 'Status',
        key: 'status',
        render: (_, row) => (
          <StatusSwitch name={row.name} active={row.isActive} onToggle={() => setPending({ kind: 'status', row })} />
        ),
      })
    }
    if (canEdit || canDelete) {
      list.push({
        title: 'Action',
        key: 'action',
        render: (_, row) => (
          <Space size="small" wrap>
            {canEdit && (
              <Link to={`/cause/cause_edit/${row._id}`} aria-label={`Edit ${row.name}`}>
                <EditOutlined /> Edit
              </Link>
            )}
            {canDelete && (
              <Button
                type="link"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Delete ${row.name}`}
                onClick={() => setPending({ kind: 'delete', row })}
              >
                Delete
              </Button>
            )}
          </Space>
        ),
      })
    }
    return list
  }, [canStatus, canEdit, canDelete])

  const confirm = async () => {
    if (!pending) return
    const res =
      pending.kind === 'status'
        ? await setCauseStatus(pending.row._id, !pending.row.isActive)
        : await deleteCause(pending.row._id)
    toast.success(res.message || 'Success')
    setPending(null)
    table.current?.reload()
  }

  const dialogTitle = rowActionTitle(pending)

  return (
    <Card
      title="Causes/Affiliations Management"
      extra={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/cause/cause_add')}>
            Add New Cause
          </Button>
        )
      }
    >
      <div style={{ marginBottom: 16 }}>
        <SearchBox placeholder="Search by Cause Name" onSearch={setSearch} />
      </div>
      <DataTable<CauseRow>
        ref={table}
        aria-label="Causes"
        columns={columns}
        fetch={fetch}
        search={search}
        defaultSort={{ column: 'createdAt', order: 'desc' }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={dialogTitle}
        text={pending?.row.name}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  )
}
