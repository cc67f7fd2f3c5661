/**
 * /category/FAQ and /category/faq (FAQ Management: add, edit, delete): the FAQs with their
 * category (filter by one), order and whether they are shown (switched with the edit right,
 * after the shared confirmation); Edit and Delete.
 */
import { useMemo } from 'react'
import { AsyncSelect } from '../../../components/AsyncSelect'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, columnsOf, statusColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { useListFilters } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { paths } from '../../../paths'
import { faqCategoryLoader } from '../../../components/option-loaders'
import { deleteFaq, inputOf, listFaqs, updateFaq } from '../api/faq'
import type { Faq } from '../types'

const MODULE = SLUGS.faq
const nameOf = (row: Faq) => row.question
const BY_ORDER = { column: 'order', order: 'asc' } as const
const FILTERS = ['categoryId', 'categoryName'] as const

export default function FaqListScreen() {
  const { canAdd, canEdit, canDelete } = useRights(MODULE)
  const refresh = useRefresh('faq', 'faq-category')
  const [filters, setFilters] = useListFilters(FILTERS)

  const { askStatus, askDelete, dialog } = useRowActions<Faq>({
    setStatus: (row, isActive) => updateFaq(row._id, { ...inputOf(row), isActive }),
    remove: (row) => deleteFaq(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

  const columns = useMemo(
    () =>
      columnsOf<Faq>(
        { title: 'Question', key: 'question', dataIndex: 'question', sorter: true },
        { title: 'Category', key: 'categoryName', dataIndex: 'categoryName' },
        { title: 'Order', key: 'order', dataIndex: 'order', sorter: true },
        canEdit && statusColumn(nameOf, askStatus),
        actionColumn<Faq>(nameOf, [
          canEdit && { label: 'Edit', to: (row) => paths.faqEdit(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canEdit, canDelete, askStatus, askDelete],
  )

  const categoryId = filters.categoryId
  const fetch = useMemo(
    () => (query: TableQuery) => listFaqs(categoryId ? { ...query, categoryId } : query),
    [categoryId],
  )

  return (
    <ListCard<Faq>
      empty="No FAQs yet: add an FAQ and it shows here"
      title="FAQ Management"
      add={
        canAdd && {
          label: 'Add FAQ',
          to: paths.faqAdd(categoryId ? { categoryId, categoryName: filters.categoryName } : undefined),
        }
      }
      searchPlaceholder="Search by Question"
      filters={
        <AsyncSelect
          aria-label="Category"
          placeholder="All categories"
          allowClear
          style={{ minWidth: 220 }}
          loader={faqCategoryLoader}
          value={categoryId ? { value: categoryId, label: filters.categoryName || categoryId } : null}
          onChange={(chosen) =>
            setFilters({ categoryId: chosen?.value ?? '', categoryName: chosen ? String(chosen.label ?? '') : '' })
          }
        />
      }
      queryKey={['faq', 'list', categoryId]}
      aria-label="FAQs"
      columns={columns}
      fetch={fetch}
      bulk={{ module: MODULE, nameOf, filter: categoryId ? { categoryId } : {} }}
      defaultSort={BY_ORDER}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
