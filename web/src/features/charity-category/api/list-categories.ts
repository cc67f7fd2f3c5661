import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CategoryRow } from '../types'

export interface ListCategoriesQuery {
  page: number
  limit: number
  search: string
  /** 'name' | 'createdAt' | 'isActive', or '' for the server's default. */
  column: string
  order: 'asc' | 'desc' | ''
}

export interface CategoryList {
  rows: CategoryRow[]
  total: number
}

/** POST /admin/charity-category/categoryList (any granted action). */
export async function listCategories(query: ListCategoriesQuery): Promise<CategoryList> {
  const res = await apiClient.post<ApiEnvelope<CategoryRow[]>>('/admin/charity-category/categoryList', query)
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}
