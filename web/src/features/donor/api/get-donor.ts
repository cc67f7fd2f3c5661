import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { DonorDetail, DonorDetailAnswer } from '../types'

/** GET /admin/user/viewUserDetails/{id} (view): the donor, badges, recent transactions and subscriptions. */
export async function getDonor(id: string): Promise<DonorDetail> {
  const res = await apiClient.get<ApiEnvelope<DonorDetailAnswer>>(
    `/admin/user/viewUserDetails/${encodeURIComponent(id)}`,
  )
  const d = res.data.data
  // The BFF answers 404 for an unknown donor; an answer without one is no donor either.
  if (!d.donor) throw new Error('Donor not found')
  return {
    donor: d.donor,
    badges: d.badges ?? [],
    recentTransactions: d.recentTransactions ?? [],
    subscriptions: d.subscriptions ?? [],
  }
}
