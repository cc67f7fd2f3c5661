import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** POST /admin/cause/delete { id } (delete). */
export async function deleteCause(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/cause/delete', { id })
  return res.data
}
