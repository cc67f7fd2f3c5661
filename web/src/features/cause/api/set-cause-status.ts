import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** PATCH /admin/cause/activeStatus/{id} { isActive } (status). */
export async function setCauseStatus(id: string, isActive: boolean): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(`/admin/cause/activeStatus/${encodeURIComponent(id)}`, {
    isActive,
  })
  return res.data
}
