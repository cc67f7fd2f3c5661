/**
 * /master/charity_management (SPEC section 2, "Nonprofit Management"): the onboarded (approved)
 * nonprofits and, for users holding delete, the ones imported from the IRS Business Master
 * File. Search past 2 characters (700 ms pause; clearing resets), server paging and sorting,
 * the status switch and delete through the shared confirmation, links to add, edit and view,
 * and in the Imported tab the file import and an Onboard action per row.
 *
 * Rights: add shows Add New Nonprofit; edit or add (or status, which the server checks) shows
 * the status switch; delete shows Delete and the Imported tab; edit shows Edit and Onboard.
 * The main admin holds all of them.
 */
import { useCallback, useMemo, useRef, useState } from 'react'
import { Button, Card, Space, Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { DataTable, type DataTableHandle, type TableQuery } from '../../../components/DataTable'
import { SearchBox } from '../../../components/SearchBox'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { formatDate, formatSplitAfterTwo } from '../../../lib/format'
import { useAccess } from '../../../lib/session'
import { listCharities } from '../api/list-charities'
import { setCharityStatus } from '../api/set-charity-status'
import { deleteCharity } from '../api/delete-charity'
import { ImportBusinessMasterFile } from '../components/ImportBusinessMasterFile'
import type { CharityRow } from '../types'

const CHARITY_MODULE = '/master/charity_management'
/** The server applies a nonprofit search only past 2 characters. */
const CHARITY_SEARCH_MIN_LENGTH = 3

type TabKey = 'onboarded' | 'imported'

const charityEditPath = (id: string) => `/master/charity_edit/${encodeURIComponent(id)}`
const charityViewPath = (id: string) => `/master/charity_views?id=${encodeURIComponent(id)}`

export default function CharityManagementScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const table = useRef<DataTableHandle>(null)
  const [search, setSearch] = useState('')
  const [tab, setTab] = useState<TabKey>('onboarded')
  const [importOpen, setImportOpen] = useState(false)
  // A fresh import panel for every opening.
  const [importKey, setImportKey] = useState(0)

  const canAdd = can(CHARITY_MODULE, 'add')
  const canEdit = can(CHARITY_MODULE, 'edit')
  const canDelete = can(CHARITY_MODULE, 'delete')
  const canStatus = can(CHARITY_MODULE, 'status')
  const showStatus = canEdit || canAdd || canStatus
  const imported = tab === 'imported' && canDelete

  const fetch = useCallback(
    (query: TableQuery) =>
      listCharities({
        ...query,
        isNavigator: imported,
        adminVerification: imported ? '' : 'Approve',
      }),
    [imported],
  )

  const { askStatus, askDelete, dialog } = useRowActions<CharityRow>({
    setStatus: (row, isActive) => setCharityStatus(row._id, isActive),
    remove: (row) => deleteCharity(row._id),
    reload: () => table.current?.reload(),
    describe: (row) => row.charityName,
  })

  const columns = useMemo(() => {
    const list: ColumnsType<CharityRow> = [
      { title: 'Nonprofit Name', key: 'charityName', dataIndex: 'charityName', sorter: true },
      {
        title: 'Tax ID',
        key: 'taxId',
        dataIndex: 'taxId',
        render: (value: string) => formatSplitAfterTwo(value),
      },
    ]
    if (imported) {
      list.push({
        title: 'Imported At',
        key: 'createdAt',
        dataIndex: 'createdAt',
        sorter: true,
        render: (value: number) => formatDate(value),
      })
    } else {
      list.push({
        title: 'Admin Approve at',
        key: 'adminApproveAt',
        dataIndex: 'adminApproveAt',
        sorter: true,
        render: (value: number | null) => formatDate(value),
      })
      if (showStatus) list.push(statusColumn((row) => row.charityName, askStatus))
    }
    const action = actionColumn<CharityRow>((row) => row.charityName, [
      imported && canEdit && { label: 'Onboard', to: (row) => charityEditPath(row._id) },
      { label: 'View', to: (row) => charityViewPath(row._id) },
      !imported && canEdit && { label: 'Edit', to: (row) => charityEditPath(row._id) },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [imported, showStatus, canEdit, canDelete, askStatus, askDelete])

  const tabs = [{ key: 'onboarded', label: 'Onboarded Nonprofit' }]
  if (canDelete) tabs.push({ key: 'imported', label: 'Imported Nonprofit' })

  const openImport = () => {
    setImportKey((n) => n + 1)
    setImportOpen(true)
  }

  return (
    <Card
      title="Nonprofit Management"
      extra={
        <Space wrap>
          {imported && (
            <Button icon={<UploadOutlined />} onClick={openImport}>
              Import Business Master File
            </Button>
          )}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/master/charity_add')}>
              Add New Nonprofit
            </Button>
          )}
        </Space>
      }
    >
      <Tabs activeKey={imported ? 'imported' : 'onboarded'} items={tabs} onChange={(key) => setTab(key as TabKey)} />
      <div style={{ marginBottom: 16 }}>
        <SearchBox
          placeholder="Search by Nonprofit Name"
          onSearch={setSearch}
          minLength={CHARITY_SEARCH_MIN_LENGTH}
        />
      </div>
      <DataTable<CharityRow>
        key={imported ? 'imported' : 'onboarded'}
        ref={table}
        aria-label={imported ? 'Imported nonprofits' : 'Onboarded nonprofits'}
        columns={columns}
        fetch={fetch}
        search={search}
        defaultSort={{ column: 'createdAt', order: 'desc' }}
      />
      <ConfirmDialog {...dialog} />
      {imported && (
        <ImportBusinessMasterFile
          key={importKey}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onApplied={() => table.current?.reload()}
        />
      )}
    </Card>
  )
}
