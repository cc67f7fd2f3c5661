import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Cause } from '../types'

/** GET /admin/cause/get/{id} (any granted action). */
export async function getCause(id: string): Promise<Cause> {
  const res = await apiClient.get<ApiEnvelope<Cause>>(`/admin/cause/get/${encodeURIComponent(id)}`)
  return res.data.data
}
