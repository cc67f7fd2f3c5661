import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Partner, PartnerVerificationBody } from '../types'

/** POST /admin/strategic-partner/changeVerificationStatus (approve or reject with a reason). */
export async function changePartnerVerification(body: PartnerVerificationBody): Promise<ApiEnvelope<Partner>> {
  const res = await apiClient.post<ApiEnvelope<Partner>>('/admin/strategic-partner/changeVerificationStatus', body)
  return res.data
}
