import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** PATCH /admin/charity/charityStatus/{id} { isActive } (status). */
export async function setCharityStatus(id: string, isActive: boolean): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(`/admin/charity/charityStatus/${encodeURIComponent(id)}`, {
    isActive,
  })
  return res.data
}
