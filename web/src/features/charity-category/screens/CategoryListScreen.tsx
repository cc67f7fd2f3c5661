/**
 * /master/charity_category_management: searchable, sortable, paged list of nonprofit
 * categories with status, add, edit and delete. Add and edit use the shared confirmation
 * dialog with its Name input (submit 'Save', 'Cancel').
 */
import { useMemo } from 'react'
import { actionColumn, columnsOf, dateColumn, statusColumn } from '../../../components/RowStatus'
import { useNameEditor } from '../../../components/useNameEditor'
import { useRowActions } from '../../../components/useRowActions'
import { ListCard } from '../../../components/ListCard'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { useRights } from '../../../lib/session'
import { useRefresh } from '../../../lib/query'
import { listCategories } from '../api/list-categories'
import { createCategory } from '../api/create-category'
import { updateCategory } from '../api/update-category'
import { setCategoryStatus } from '../api/set-category-status'
import { deleteCategory } from '../api/delete-category'
import { CATEGORY_DESCRIPTION, type CategoryRow } from '../types'
import { SLUGS } from '../../../lib/modules'

const MODULE = SLUGS.charityCategory
const nameOf = (row: CategoryRow) => row.name

export default function CategoryListScreen() {
  const { canAdd, canEdit, canDelete, canStatus } = useRights(MODULE)
  const refresh = useRefresh('charity-category')
  const editor = useNameEditor<CategoryRow>({
    what: 'Category',
    limit: LIMITS.charityCategory.name,
    create: (name) => createCategory({ name, description: CATEGORY_DESCRIPTION }),
    update: (row, name) => updateCategory(row._id, { name }),
    after: () => void refresh(),
  })
  const { askStatus, askDelete, dialog } = useRowActions<CategoryRow>({
    setStatus: (row, isActive) => setCategoryStatus(row._id, isActive),
    remove: (row) => deleteCategory(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const { openEdit } = editor
  const columns = useMemo(
    () =>
      columnsOf<CategoryRow>(
        { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
        dateColumn('Created At', 'createdAt'),
        canStatus && statusColumn(nameOf, askStatus),
        actionColumn<CategoryRow>(nameOf, [
          canEdit && { label: 'Edit', onClick: openEdit },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canStatus, canEdit, canDelete, askStatus, askDelete, openEdit],
  )

  return (
    <ListCard<CategoryRow>
      empty="No nonprofit categories yet: add a category and it shows here"
      title="Nonprofit Category"
      add={canAdd && { label: 'Add Category', onClick: editor.openAdd }}
      searchPlaceholder="Search by Category Name"
      queryKey={['charity-category', 'list']}
      aria-label="Nonprofit categories"
      columns={columns}
      fetch={listCategories}
      bulk={{ module: MODULE, nameOf, filter: {} }}
    >
      <ConfirmDialog {...dialog} />
      <ConfirmDialog key={editor.key} {...editor.dialog} />
    </ListCard>
  )
}
