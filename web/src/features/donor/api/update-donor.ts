import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Donor, DonorInput } from '../types'

/** PATCH /admin/user/update/{id} (edit). */
export async function updateDonor(id: string, body: DonorInput): Promise<ApiEnvelope<Donor>> {
  return (await apiClient.patch<ApiEnvelope<Donor>>(`/admin/user/update/${encodeURIComponent(id)}`, body)).data
}
