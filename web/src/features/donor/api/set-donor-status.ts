import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Donor } from '../types'

/** PATCH /admin/user/userStatus/{id} { isActive } (status). */
export async function setDonorStatus(id: string, isActive: boolean): Promise<ApiEnvelope<Donor>> {
  return (await apiClient.patch<ApiEnvelope<Donor>>(`/admin/user/userStatus/${encodeURIComponent(id)}`, { isActive }))
    .data
}
