import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** POST /admin/charity/delete { id } (delete). */
export async function deleteCharity(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/charity/delete', { id })
  return res.data
}
