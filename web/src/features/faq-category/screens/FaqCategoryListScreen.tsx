/**
 * /category (FAQ Category Management: add, edit, delete): the FAQ categories in their order with
 * how many FAQs each holds. Add and edit use the shared confirmation dialog with its Name input
 * ('Please enter Name', 'Please enter valid Name'; Save and Cancel); a new category is sent with
 * the fixed placeholder description. A category that still holds FAQs is not deleted (the
 * server says so).
 */
import { useMemo } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, columnsOf, dateColumn } from '../../../components/RowStatus'
import { useNameEditor } from '../../../components/useNameEditor'
import { useRowActions } from '../../../components/useRowActions'
import { formatNumber } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { createFaqCategory, deleteFaqCategory, listFaqCategories, updateFaqCategory } from '../api/faq-category'
import { FAQ_CATEGORY_DESCRIPTION, type FaqCategory } from '../types'

const MODULE = SLUGS.faqCategory
const nameOf = (row: FaqCategory) => row.name
const BY_ORDER = { column: 'order', order: 'asc' } as const

export default function FaqCategoryListScreen() {
  const { canAdd, canEdit, canDelete } = useRights(MODULE)
  // FAQ lists name their categories: they are refreshed too.
  const refresh = useRefresh('faq-category', 'faq')
  const editor = useNameEditor<FaqCategory>({
    what: 'Category',
    limit: LIMITS.faqCategory.name,
    create: (name) => createFaqCategory({ name, description: FAQ_CATEGORY_DESCRIPTION }),
    update: (row, name) => updateFaqCategory(row._id, { name }),
    after: () => void refresh(),
  })
  // Categories have no status: only the delete of the shared row actions.
  const { askDelete, dialog } = useRowActions<FaqCategory & { isActive?: boolean }>({
    remove: (row) => deleteFaqCategory(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const { openEdit } = editor
  const columns = useMemo(
    () =>
      columnsOf<FaqCategory>(
        { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
        { title: 'FAQs', key: 'faqCount', render: (_, row) => formatNumber(row.faqCount ?? 0) },
        { title: 'Order', key: 'order', dataIndex: 'order', sorter: true },
        dateColumn('Created At', 'createdAt'),
        actionColumn<FaqCategory>(nameOf, [
          canEdit && { label: 'Edit', onClick: openEdit },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canEdit, canDelete, askDelete, openEdit],
  )

  return (
    <ListCard<FaqCategory>
      empty="No FAQ categories yet: add a category and it shows here"
      title="FAQ Category Management"
      add={canAdd && { label: 'Add Category', onClick: editor.openAdd }}
      searchPlaceholder="Search by Category Name"
      queryKey={['faq-category', 'list']}
      aria-label="FAQ categories"
      columns={columns}
      fetch={listFaqCategories}
      bulk={{ module: MODULE, nameOf, filter: {} }}
      defaultSort={BY_ORDER}
    >
      <ConfirmDialog {...dialog} />
      <ConfirmDialog key={editor.key} {...editor.dialog} />
    </ListCard>
  )
}
