import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Donor, DonorInput } from '../types'

/** POST /admin/user/create (add). */
export async function createDonor(body: DonorInput): Promise<ApiEnvelope<Donor>> {
  return (await apiClient.post<ApiEnvelope<Donor>>('/admin/user/create', body)).data
}
