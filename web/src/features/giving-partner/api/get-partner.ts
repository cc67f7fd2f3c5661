import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Partner } from '../types'

/** GET /admin/strategic-partner/get/{id}; 404 'Giving partner not found'. */
export async function getPartner(id: string): Promise<Partner> {
  const res = await apiClient.get<ApiEnvelope<Partner>>(`/admin/strategic-partner/get/${encodeURIComponent(id)}`)
  return res.data.data
}
