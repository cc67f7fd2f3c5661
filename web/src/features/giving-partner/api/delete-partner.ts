import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** POST /admin/strategic-partner/deleteByAdmin { strategicPartnerId } (delete). */
export async function deletePartner(id: string): Promise<ApiEnvelope<null>> {
  const res = await apiClient.post<ApiEnvelope<null>>('/admin/strategic-partner/deleteByAdmin', {
    strategicPartnerId: id,
  })
  return res.data
}
