import { listPage, type TableQuery } from '../../../lib/list-page'
import type { CategoryRow } from '../types'

/** POST /admin/charity-category/categoryList (any granted action); sort columns 'name' | 'createdAt' | 'isActive'. */
export const listCategories = (query: TableQuery) =>
  listPage<CategoryRow>('/admin/charity-category/categoryList', query)
