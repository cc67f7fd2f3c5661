import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Charity, CharityInput } from '../types'

/** POST /admin/charity/create (add): 'Nonprofit created successfully'. */
export async function createCharity(body: CharityInput): Promise<ApiEnvelope<Charity>> {
  const res = await apiClient.post<ApiEnvelope<Charity>>('/admin/charity/create', body)
  return res.data
}
