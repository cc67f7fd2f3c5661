/**
 * /master/cause_management: searchable, sortable, paged list of causes with status, add, edit and
 * delete, and an Excel export of the rows matching the list's current search and sort.
 */
import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Space } from 'antd'
import { actionColumn, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { ColumnsType } from 'antd/es/table'
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import type { DataTableHandle, TableQuery } from '../../../components/DataTable'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useAccess } from '../../../lib/session'
import { listCauses } from '../api/list-causes'
import { setCauseStatus } from '../api/set-cause-status'
import { deleteCause } from '../api/delete-cause'
import { exportCauses } from '../api/export-causes'
import type { CauseRow } from '../types'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'

const MODULE = SLUGS.cause

export default function CauseListScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const table = useRef<DataTableHandle>(null)

  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const canStatus = can(MODULE, 'status')

  // The query the table last asked for: the export uses its search and sort.
  const lastQuery = useRef<TableQuery | null>(null)
  const fetch = useCallback((query: TableQuery) => {
    lastQuery.current = query
    return listCauses(query)
  }, [])
  const [exporting, setExporting] = useState(false)

  const exportExcel = async () => {
    const query = lastQuery.current
    setExporting(true)
    try {
      await exportCauses({
        search: query?.search ?? '',
        column: query?.column ?? '',
        order: query?.order ?? '',
      })
    } catch {
      // The request client has shown the failure.
    } finally {
      setExporting(false)
    }
  }

  const { askStatus, askDelete, dialog: rowDialog } = useRowActions<CauseRow>({
    setStatus: (row, isActive) => setCauseStatus(row._id, isActive),
    remove: (row) => deleteCause(row._id),
    reload: () => table.current?.reload(),
    describe: (row) => row.name,
  })

  const columns = useMemo(() => {
    const list: ColumnsType<CauseRow> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true },
      dateColumn('Created At', 'createdAt'),
    ]
    if (canStatus) list.push(statusColumn((row) => row.name, askStatus))
    const action = actionColumn<CauseRow>((row) => row.name, [
      canEdit && { label: 'Edit', to: (row) => paths.causeEdit(row._id) },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [canStatus, canEdit, canDelete, askStatus, askDelete])

  return (
    <ListCard<CauseRow>
      title="Causes/Affiliations Management"
      actions={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportExcel}>
            Export Excel
          </Button>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.causeAdd())}>
              Add New Cause
            </Button>
          )}
        </Space>
      }
      searchPlaceholder="Search by Cause Name"
      ref={table}
      aria-label="Causes"
      columns={columns}
      fetch={fetch}
    >
      <ConfirmDialog {...rowDialog} />
    </ListCard>
  )
}
