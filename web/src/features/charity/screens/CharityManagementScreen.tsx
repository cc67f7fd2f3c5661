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
import { useCallback, useMemo, useState } from 'react'
import { Button, Space, Tabs } from 'antd'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import type { TableQuery } from '../../../components/DataTable'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { useAccess } from '../../../lib/session'
import { useListTab } from '../../../lib/list-state'
import { useRefresh } from '../../../lib/query'
import { listCharities } from '../api/list-charities'
import { setCharityStatus } from '../api/set-charity-status'
import { deleteCharity } from '../api/delete-charity'
import { ImportBusinessMasterFile } from '../components/ImportBusinessMasterFile'
import type { CharityRow } from '../types'
import { charityColumns } from '../columns'
import { CHARITY_SEARCH_MIN_LENGTH } from '../constants'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'

const CHARITY_MODULE = SLUGS.charity

const TAB_KEYS = ['onboarded', 'imported'] as const
type TabKey = (typeof TAB_KEYS)[number]

const charityEditPath = paths.charityEdit
const charityViewPath = paths.charityView

export default function CharityManagementScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const refresh = useRefresh('charity')
  const [tab, setTab] = useListTab<TabKey>(TAB_KEYS, 'onboarded')
  const [importOpen, setImportOpen] = useState(false)
  // A fresh import panel for every opening.
  const [importKey, setImportKey] = useState(0)

  const canAdd = can(CHARITY_MODULE, 'add')
  const canEdit = can(CHARITY_MODULE, 'edit')
  const canDelete = can(CHARITY_MODULE, 'delete')
  const canStatus = can(CHARITY_MODULE, 'status')
  const showStatus = canEdit || canAdd || canStatus
  const imported = tab === 'imported' && canDelete

  const filter = useMemo(
    () => ({ isNavigator: imported, adminVerification: imported ? ('' as const) : ('Approve' as const) }),
    [imported],
  )
  const fetch = useCallback((query: TableQuery) => listCharities({ ...query, ...filter }), [filter])

  const { askStatus, askDelete, dialog } = useRowActions<CharityRow>({
    setStatus: (row, isActive) => setCharityStatus(row._id, isActive),
    remove: (row) => deleteCharity(row._id),
    reload: refresh,
    describe: (row) => row.charityName,
  })

  const columns = useMemo(() => {
    const list = charityColumns()
    if (imported) {
      list.push(dateColumn('Imported At', 'createdAt'))
    } else {
      list.push(dateColumn('Admin Approve at', 'adminApproveAt'))
      if (showStatus) list.push(statusColumn((row) => row.charityName, askStatus))
    }
    const action = actionColumn<CharityRow>(
      (row) => row.charityName,
      [
        imported && canEdit && { label: 'Onboard', to: (row) => charityEditPath(row._id) },
        { label: 'View', to: (row) => charityViewPath(row._id) },
        !imported && canEdit && { label: 'Edit', to: (row) => charityEditPath(row._id) },
        canDelete && { label: 'Delete', onClick: askDelete },
      ],
    )
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
    <ListCard<CharityRow>
      empty="No nonprofits yet: add a nonprofit, or import the IRS file, and it shows here"
      title="Nonprofit Management"
      actions={
        <Space wrap>
          {imported && (
            <Button icon={<UploadOutlined />} onClick={openImport}>
              Import Business Master File
            </Button>
          )}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.charityAdd())}>
              Add New Nonprofit
            </Button>
          )}
        </Space>
      }
      tabs={
        <Tabs activeKey={imported ? 'imported' : 'onboarded'} items={tabs} onChange={(key) => setTab(key as TabKey)} />
      }
      searchPlaceholder="Search by Nonprofit Name"
      searchMinLength={CHARITY_SEARCH_MIN_LENGTH}
      queryKey={['charity', 'list', filter]}
      aria-label={imported ? 'Imported nonprofits' : 'Onboarded nonprofits'}
      columns={columns}
      fetch={fetch}
    >
      <ConfirmDialog {...dialog} />
      {imported && (
        <ImportBusinessMasterFile
          key={importKey}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onApplied={refresh}
        />
      )}
    </ListCard>
  )
}
