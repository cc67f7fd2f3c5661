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
import { Button, Tabs } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { TableQuery } from '../../../components/DataTable'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { useRights } from '../../../lib/session'
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

const nameOf = (row: CharityRow) => row.charityName
const charityEditPath = paths.charityEdit
const charityViewPath = paths.charityView

export default function CharityManagementScreen() {
  const { canAdd, canEdit, canDelete, canStatus } = useRights(CHARITY_MODULE)
  const refresh = useRefresh('charity')
  const [tab, setTab] = useListTab<TabKey>(TAB_KEYS, 'onboarded')
  const [importOpen, setImportOpen] = useState(false)
  // A fresh import panel for every opening.
  const [importKey, setImportKey] = useState(0)

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
    describe: nameOf,
    trash: CHARITY_MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<CharityRow>(
        ...charityColumns(),
        imported ? dateColumn('Imported At', 'createdAt') : dateColumn('Admin Approve at', 'adminApproveAt'),
        !imported && showStatus && statusColumn(nameOf, askStatus),
        actionColumn<CharityRow>(nameOf, [
          imported && canEdit && { label: 'Onboard', to: (row) => charityEditPath(row._id) },
          { label: 'View', to: (row) => charityViewPath(row._id) },
          !imported && canEdit && { label: 'Edit', to: (row) => charityEditPath(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [imported, showStatus, canEdit, canDelete, askStatus, askDelete],
  )

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
        imported && (
          <Button icon={<UploadOutlined />} onClick={openImport}>
            Import Business Master File
          </Button>
        )
      }
      add={canAdd && { label: 'Add New Nonprofit', to: paths.charityAdd() }}
      tabs={
        <Tabs activeKey={imported ? 'imported' : 'onboarded'} items={tabs} onChange={(key) => setTab(key as TabKey)} />
      }
      searchPlaceholder="Search by Nonprofit Name"
      searchMinLength={CHARITY_SEARCH_MIN_LENGTH}
      queryKey={['charity', 'list', filter]}
      aria-label={imported ? 'Imported nonprofits' : 'Onboarded nonprofits'}
      columns={columns}
      fetch={fetch}
      bulk={{ module: CHARITY_MODULE, nameOf, filter }}
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
