import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { DonorDetail } from '../types'

/** GET /admin/user/viewUserDetails/{id} (view): the donor, badges, recent transactions and subscriptions. */
export async function getDonor(id: string): Promise<DonorDetail> {
  const res = await apiClient.get<ApiEnvelope<DonorDetail>>(`/admin/user/viewUserDetails/${encodeURIComponent(id)}`)
  const d = res.data.data
  return { donor: d.donor, badges: d.badges ?? [], recentTransactions: d.recentTransactions ?? [], subscriptions: d.subscriptions ?? [] }
}
