/** /sub_admin: searchable, sortable, paged list of sub-admins with status, view, edit and delete. */
import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Card } from 'antd'
import { actionColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { DataTable, type DataTableHandle, type TableQuery } from '../../../components/DataTable'
import { SearchBox } from '../../../components/SearchBox'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { formatDate } from '../../../lib/format'
import { useAccess } from '../../../lib/session'
import { listSubAdmins } from '../api/list-sub-admins'
import { setSubAdminStatus } from '../api/set-sub-admin-status'
import { deleteSubAdmin } from '../api/delete-sub-admin'
import type { SubAdminRow } from '../types'

const MODULE = '/sub_admin'

const nameOf = (row: SubAdminRow) => [row.firstName, row.lastName].filter(Boolean).join(' ')

export default function SubAdminListScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const table = useRef<DataTableHandle>(null)
  const [search, setSearch] = useState('')

  const canAdd = can(MODULE, 'add')
  const canView = can(MODULE, 'view')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const canStatus = can(MODULE, 'status')

  const fetch = useCallback((query: TableQuery) => listSubAdmins(query), [])

  const { askStatus, askDelete, dialog: rowDialog } = useRowActions<SubAdminRow>({
    setStatus: (row, isActive) => setSubAdminStatus(row._id, isActive),
    remove: (row) => deleteSubAdmin(row._id),
    reload: () => table.current?.reload(),
    describe: (row) => nameOf(row),
  })

  const columns = useMemo(() => {
    const list: ColumnsType<SubAdminRow> = [
      { title: 'Name', key: 'firstName', sorter: true, render: (_, row) => nameOf(row) },
      { title: 'Email', key: 'email', dataIndex: 'email', sorter: true },
      {
        title: 'Created At',
        key: 'createdAt',
        dataIndex: 'createdAt',
        sorter: true,
        render: (value: number) => formatDate(value),
      },
    ]
    if (canStatus) list.push(statusColumn(nameOf, askStatus))
    const action = actionColumn<SubAdminRow>(nameOf, [
      canView && { label: 'View', to: (row) => `/sub_admin/sub_admin_view/${row._id}` },
      canEdit && { label: 'Edit', to: (row) => `/sub_admin/sub_admin_edit/${row._id}` },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [canStatus, canView, canEdit, canDelete, askStatus, askDelete])

  return (
    <Card
      title="Sub Admin"
      extra={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sub_admin/sub_admin_add')}>
            Add Sub Admin
          </Button>
        )
      }
    >
      <div style={{ marginBottom: 16 }}>
        <SearchBox placeholder="Search by Name or Email" onSearch={setSearch} />
      </div>
      <DataTable<SubAdminRow>
        ref={table}
        aria-label="Sub admins"
        columns={columns}
        fetch={fetch}
        search={search}
        defaultSort={{ column: 'createdAt', order: 'desc' }}
      />
      <ConfirmDialog {...rowDialog} />
    </Card>
  )
}
