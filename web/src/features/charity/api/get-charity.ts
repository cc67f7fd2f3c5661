import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Charity } from '../types'

/** GET /admin/charity/get/{id} (any right on Nonprofit Management, view on New Nonprofit, or own). */
export async function getCharity(id: string): Promise<Charity> {
  const res = await apiClient.get<ApiEnvelope<Charity>>(`/admin/charity/get/${encodeURIComponent(id)}`)
  return res.data.data
}
