/**
 * /category (FAQ Category Management: add, edit, delete): the FAQ categories in their order with
 * how many FAQs each holds. Add and edit use the shared confirmation dialog with its Name input
 * ('Please enter Name', 'Please enter valid Name'; Save and Cancel); a new category is sent with
 * the fixed placeholder description. A category that still holds FAQs is not deleted (the
 * server says so).
 */
import { useMemo, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { ConfirmDialog, type ConfirmValues } from '../../../components/ConfirmDialog'
import { LIMITS } from '../../../lib/limits'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, dateColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { formatNumber } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { createFaqCategory, deleteFaqCategory, listFaqCategories, updateFaqCategory } from '../api/faq-category'
import { FAQ_CATEGORY_DESCRIPTION, type FaqCategory } from '../types'

const MODULE = SLUGS.faqCategory
const nameOf = (row: FaqCategory) => row.name
const BY_ORDER = { column: 'order', order: 'asc' } as const

type Editing = { mode: 'add' } | { mode: 'edit'; row: FaqCategory }

export default function FaqCategoryListScreen() {
  const { can } = useAccess()
  // FAQ lists name their categories: they are refreshed too.
  const refresh = useRefresh('faq-category', 'faq')
  const [editing, setEditing] = useState<Editing>({ mode: 'add' })
  const [editorOpen, setEditorOpen] = useState(false)
  const [editKey, setEditKey] = useState(0)
  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')

  // Categories have no status: only the delete of the shared row actions.
  const { askDelete, dialog } = useRowActions<FaqCategory & { isActive?: boolean }>({
    remove: (row) => deleteFaqCategory(row._id),
    reload: refresh,
    describe: nameOf,
  })

  const openEditor = (next: Editing) => {
    setEditKey((n) => n + 1)
    setEditing(next)
    setEditorOpen(true)
  }

  const columns = useMemo(() => {
    const list: ColumnsType<FaqCategory> = [
      { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'FAQs', key: 'faqCount', render: (_, row) => formatNumber(row.faqCount ?? 0) },
      { title: 'Order', key: 'order', dataIndex: 'order', sorter: true },
      dateColumn('Created At', 'createdAt'),
    ]
    const action = actionColumn<FaqCategory>(nameOf, [
      canEdit && { label: 'Edit', onClick: (row) => openEditor({ mode: 'edit', row }) },
      canDelete && { label: 'Delete', onClick: askDelete },
    ])
    if (action) list.push(action)
    return list
  }, [canEdit, canDelete, askDelete])

  // A failure is shown by the request client; the dialog stays open with the name.
  const saving = useMutation({
    mutationFn: ({ target, name }: { target: Editing; name: string }) =>
      target.mode === 'add'
        ? createFaqCategory({ name, description: FAQ_CATEGORY_DESCRIPTION })
        : updateFaqCategory(target.row._id, { name }),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      setEditorOpen(false)
      void refresh()
    },
  })

  return (
    <ListCard<FaqCategory>
      empty="No FAQ categories yet: add a category and it shows here"
      title="FAQ Category Management"
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor({ mode: 'add' })}>
            Add Category
          </Button>
        )
      }
      searchPlaceholder="Search by Category Name"
      queryKey={['faq-category', 'list']}
      aria-label="FAQ categories"
      columns={columns}
      fetch={listFaqCategories}
      defaultSort={BY_ORDER}
    >
      <ConfirmDialog {...dialog} />
      <ConfirmDialog
        key={editKey}
        open={editorOpen}
        title={editing.mode === 'edit' ? 'Edit Category' : 'Add Category'}
        withName
        nameLimit={LIMITS.faqCategory.name}
        initialName={editing.mode === 'edit' ? editing.row.name : undefined}
        submitLabel="Save"
        cancelLabel="Cancel"
        onConfirm={async ({ name }: ConfirmValues) => {
          await saving.mutateAsync({ target: editing, name: name ?? '' })
        }}
        onCancel={() => setEditorOpen(false)}
      />
    </ListCard>
  )
}
