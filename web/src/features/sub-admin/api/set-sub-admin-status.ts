import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** PATCH /admin/sub-admin/subAdminStatus/{id} { isActive } (status). */
export async function setSubAdminStatus(id: string, isActive: boolean): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(`/admin/sub-admin/subAdminStatus/${encodeURIComponent(id)}`, {
    isActive,
  })
  return res.data
}
