/**
 * /master/cause_management: searchable, sortable, paged list of causes with status, add, edit and
 * delete, and an Excel export of the rows matching the list's current search and sort.
 */
import { useMemo, useState } from 'react'
import { Button, Space } from 'antd'
import { actionColumn, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { ColumnsType } from 'antd/es/table'
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useAccess } from '../../../lib/session'
import { useListView } from '../../../lib/list-state'
import { useRefresh } from '../../../lib/query'
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
  const refresh = useRefresh('cause')

  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const canStatus = can(MODULE, 'status')

  // The export uses the list's current search and sort (from the URL; newest first by default).
  const [view] = useListView()
  const [exporting, setExporting] = useState(false)

  const exportExcel = async () => {
    setExporting(true)
    try {
      await exportCauses({
        search: view.search,
        column: view.column || 'createdAt',
        order: view.column ? view.order : 'desc',
      })
    } catch {
      // The request client has shown the failure.
    } finally {
      setExporting(false)
    }
  }

  const {
    askStatus,
    askDelete,
    dialog: rowDialog,
  } = useRowActions<CauseRow>({
    setStatus: (row, isActive) => setCauseStatus(row._id, isActive),
    remove: (row) => deleteCause(row._id),
    reload: refresh,
    describe: (row) => row.name,
  })

  const columns = useMemo(() => {
    const list: ColumnsType<CauseRow> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true },
      dateColumn('Created At', 'createdAt'),
    ]
    if (canStatus) list.push(statusColumn((row) => row.name, askStatus))
    const action = actionColumn<CauseRow>(
      (row) => row.name,
      [
        canEdit && { label: 'Edit', to: (row) => paths.causeEdit(row._id) },
        canDelete && { label: 'Delete', onClick: askDelete },
      ],
    )
    if (action) list.push(action)
    return list
  }, [canStatus, canEdit, canDelete, askStatus, askDelete])

  return (
    <ListCard<CauseRow>
      empty="No causes yet: add a cause and it shows here"
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
      queryKey={['cause', 'list']}
      aria-label="Causes"
      columns={columns}
      fetch={listCauses}
    >
      <ConfirmDialog {...rowDialog} />
    </ListCard>
  )
}
