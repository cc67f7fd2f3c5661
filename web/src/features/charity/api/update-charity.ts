import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Charity, CharityInput } from '../types'

/**
 * PATCH /admin/charity/update/{id} (edit, or a nonprofit admin's own): replaces every field it
 * is given; `onboard: true` onboards an imported nonprofit. 'Nonprofit updated successfully'.
 */
export async function updateCharity(id: string, body: CharityInput): Promise<ApiEnvelope<Charity>> {
  const res = await apiClient.patch<ApiEnvelope<Charity>>(`/admin/charity/update/${encodeURIComponent(id)}`, body)
  return res.data
}
