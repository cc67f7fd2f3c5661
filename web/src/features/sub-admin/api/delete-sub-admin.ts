import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** DELETE /admin/sub-admin/delete/{id} (delete). */
export async function deleteSubAdmin(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.delete<ApiEnvelope<unknown>>(`/admin/sub-admin/delete/${encodeURIComponent(id)}`)
  return res.data
}
