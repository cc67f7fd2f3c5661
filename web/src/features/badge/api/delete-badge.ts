import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** DELETE /admin/badge/delete/{id} (delete). */
export async function deleteBadge(id: string): Promise<ApiEnvelope<null>> {
  const res = await apiClient.delete<ApiEnvelope<null>>(`/admin/badge/delete/${encodeURIComponent(id)}`)
  return res.data
}
