import type { AsyncLoader } from '../../../components/AsyncSelect'
import { listFaqCategories } from '../../faq-category/api/faq-category'

/** FAQ categories for a select, in their order, a page at a time. */
export const faqCategoryLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listFaqCategories({ page, limit, search, column: 'order', order: 'asc' })
  return {
    options: rows.map((row) => ({ value: row._id, label: row.name })),
    hasMore: total > 0 ? page * limit < total : rows.length === limit,
  }
}
