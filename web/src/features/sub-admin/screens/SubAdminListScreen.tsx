/** /sub_admin: searchable, sortable, paged list of sub-admins with status, view, edit and delete. */
import { useMemo } from 'react'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useAccess, useRights } from '../../../lib/session'
import { useRefresh } from '../../../lib/query'
import { listSubAdmins } from '../api/list-sub-admins'
import { setSubAdminStatus } from '../api/set-sub-admin-status'
import { deleteSubAdmin } from '../api/delete-sub-admin'
import type { SubAdminRow } from '../types'
import { isOwnRecord, mayActOn } from '../grants'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'

const MODULE = SLUGS.subAdmin

const nameOf = (row: SubAdminRow) => [row.firstName, row.lastName].filter(Boolean).join(' ')

export default function SubAdminListScreen() {
  const { user } = useAccess()
  const { canAdd, canView, canEdit, canDelete, canStatus } = useRights(MODULE)
  const refresh = useRefresh('sub-admin')
  const { askStatus, askDelete, dialog } = useRowActions<SubAdminRow>({
    setStatus: (row, isActive) => setSubAdminStatus(row._id, isActive),
    remove: (row) => deleteSubAdmin(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(() => {
    // A sub-admin's own row is view-only, and so is the row of one holding a right the caller
    // lacks: the server refuses its edits, status and delete.
    const notOwn = (row: SubAdminRow) => !isOwnRecord(user, row._id) && mayActOn(user, row.permissions)
    return columnsOf<SubAdminRow>(
      { title: 'Name', key: 'firstName', sorter: true, render: (_, row) => nameOf(row) },
      { title: 'Email', key: 'email', dataIndex: 'email', sorter: true },
      dateColumn('Created At', 'createdAt'),
      canStatus && statusColumn(nameOf, askStatus, notOwn),
      actionColumn<SubAdminRow>(nameOf, [
        canView && { label: 'View', to: (row) => paths.subAdminView(row._id) },
        canEdit && { label: 'Edit', to: (row) => paths.subAdminEdit(row._id), when: notOwn },
        canDelete && { label: 'Delete', onClick: askDelete, when: notOwn },
      ]),
    )
  }, [user, canStatus, canView, canEdit, canDelete, askStatus, askDelete])

  return (
    <ListCard<SubAdminRow>
      empty="No sub-admins yet: add a sub-admin and it shows here"
      title="Sub Admin"
      add={canAdd && { label: 'Add Sub Admin', to: paths.subAdminAdd() }}
      searchPlaceholder="Search by Name or Email"
      queryKey={['sub-admin', 'list']}
      aria-label="Sub admins"
      columns={columns}
      fetch={listSubAdmins}
      bulk={{ module: MODULE, nameOf, filter: {} }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
