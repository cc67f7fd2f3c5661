import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Partner } from '../types'

/** PATCH /admin/strategic-partner/strategicPartnerStatus/{id} { isActive } (approved partners, status). */
export async function setPartnerStatus(id: string, isActive: boolean): Promise<ApiEnvelope<Partner>> {
  const res = await apiClient.patch<ApiEnvelope<Partner>>(
    `/admin/strategic-partner/strategicPartnerStatus/${encodeURIComponent(id)}`,
    { isActive },
  )
  return res.data
}
