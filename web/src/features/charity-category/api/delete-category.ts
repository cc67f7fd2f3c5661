import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** POST /admin/charity-category/delete { id } (delete). */
export async function deleteCategory(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/charity-category/delete', { id })
  return res.data
}
