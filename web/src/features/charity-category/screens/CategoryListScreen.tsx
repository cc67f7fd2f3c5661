/**
 * /master/charity_category_management: searchable, sortable, paged list of nonprofit
 * categories with status, add, edit and delete. Add and edit use the shared confirmation
 * dialog with its Name input (submit 'Save', 'Cancel').
 */
import { useMemo, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button } from 'antd'
import { actionColumn, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog, type ConfirmValues } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { useRefresh } from '../../../lib/query'
import { listCategories } from '../api/list-categories'
import { createCategory } from '../api/create-category'
import { updateCategory } from '../api/update-category'
import { setCategoryStatus } from '../api/set-category-status'
import { deleteCategory } from '../api/delete-category'
import { CATEGORY_DESCRIPTION, type CategoryRow } from '../types'
import { SLUGS } from '../../../lib/modules'

const MODULE = SLUGS.charityCategory

type Editing = { mode: 'add' } | { mode: 'edit'; row: CategoryRow }

export default function CategoryListScreen() {
  const { can } = useAccess()
  const refresh = useRefresh('charity-category')
  // The add/edit target stays set while the dialog closes, so its title does not change.
  const [editing, setEditing] = useState<Editing>({ mode: 'add' })
  const [editorOpen, setEditorOpen] = useState(false)
  // A fresh form for every opening of the add/edit dialog, so it starts from that row's name.
  const [editKey, setEditKey] = useState(0)

  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')
  const canStatus = can(MODULE, 'status')

  const {
    askStatus,
    askDelete,
    dialog: rowDialog,
  } = useRowActions<CategoryRow>({
    setStatus: (row, isActive) => setCategoryStatus(row._id, isActive),
    remove: (row) => deleteCategory(row._id),
    reload: refresh,
    describe: (row) => row.name,
  })

  const openEditor = (next: Editing) => {
    setEditKey((n) => n + 1)
    setEditing(next)
    setEditorOpen(true)
  }

  const columns = useMemo(() => {
    const list: ColumnsType<CategoryRow> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      dateColumn('Created At', 'createdAt'),
    ]
    if (canStatus) list.push(statusColumn((row) => row.name, askStatus))
    const action = actionColumn<CategoryRow>(
      (row) => row.name,
      [
        canEdit && { label: 'Edit', onClick: (row) => openEditor({ mode: 'edit', row }) },
        canDelete && { label: 'Delete', onClick: askDelete },
      ],
    )
    if (action) list.push(action)
    return list
  }, [canStatus, canEdit, canDelete, askStatus, askDelete])

  // A failure is shown by the request client; the dialog stays open with the name.
  const saving = useMutation({
    mutationFn: ({ target, name }: { target: Editing; name: string }) =>
      target.mode === 'add'
        ? createCategory({ name, description: CATEGORY_DESCRIPTION })
        : updateCategory(target.row._id, { name }),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      setEditorOpen(false)
      void refresh()
    },
  })
  // The dialog has validated and trimmed the name.
  const save = async ({ name }: ConfirmValues) => {
    await saving.mutateAsync({ target: editing, name: name ?? '' })
  }

  return (
    <ListCard<CategoryRow>
      empty="No nonprofit categories yet: add a category and it shows here"
      title="Nonprofit Category"
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor({ mode: 'add' })}>
            Add Category
          </Button>
        )
      }
      searchPlaceholder="Search by Category Name"
      queryKey={['charity-category', 'list']}
      aria-label="Nonprofit categories"
      columns={columns}
      fetch={listCategories}
    >
      <ConfirmDialog {...rowDialog} />
      <ConfirmDialog
        key={editKey}
        open={editorOpen}
        title={editing.mode === 'edit' ? 'Edit Category' : 'Add Category'}
        withName
        nameLimit={LIMITS.charityCategory.name}
        initialName={editing.mode === 'edit' ? editing.row.name : undefined}
        submitLabel="Save"
        cancelLabel="Cancel"
        onConfirm={save}
        onCancel={() => setEditorOpen(false)}
      />
    </ListCard>
  )
}
