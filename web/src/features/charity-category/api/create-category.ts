import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CategoryRow } from '../types'

export interface CreateCategoryBody {
  name: string
  description: string
}

/** POST /admin/charity-category/create (add). */
export async function createCategory(body: CreateCategoryBody): Promise<ApiEnvelope<CategoryRow>> {
  const res = await apiClient.post<ApiEnvelope<CategoryRow>>('/admin/charity-category/create', body)
  return res.data
}
