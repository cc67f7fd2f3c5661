import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { GivingPartnerPage, GivingPartnerPageInput } from '../types'

/** GET /admin/givingPartner/getDetails (main admin): { _id, content, image, revision, updatedAt, updatedBy }. */
export async function getGivingPartnerPage(): Promise<GivingPartnerPage> {
  const res = await apiClient.get<ApiEnvelope<GivingPartnerPage>>('/admin/givingPartner/getDetails')
  return res.data.data
}

/** POST /admin/givingPartner/update { _id, content, image } -> "Giving partner page updated successfully". */
export async function updateGivingPartnerPage(body: GivingPartnerPageInput): Promise<ApiEnvelope<GivingPartnerPage>> {
  const res = await apiClient.post<ApiEnvelope<GivingPartnerPage>>('/admin/givingPartner/update', body)
  return res.data
}
