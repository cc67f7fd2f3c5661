import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** PATCH /admin/charity-category/activeStatus/{id} { isActive } (status). */
export async function setCategoryStatus(id: string, isActive: boolean): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(
    `/admin/charity-category/activeStatus/${encodeURIComponent(id)}`,
    { isActive },
  )
  return res.data
}
