import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface ChangeVerificationBody {
  charityId: string
  adminVerification: 'Approve' | 'Reject'
  /** Required for Reject ('Please Enter Add Reason'); empty for Approve. */
  rejectReason: string
}

/** POST /admin/charity/changeVerification (view on New Nonprofit). */
export async function changeVerification(body: ChangeVerificationBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/charity/changeVerification', body)
  return res.data
}
