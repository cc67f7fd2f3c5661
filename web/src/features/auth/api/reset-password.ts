import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface ResetPasswordBody {
  newPassword: string
  /** The token of the /reset_password/{token} link. */
  token: string
}

/** POST /admin/sub-admin/resetPassword. */
export async function resetPassword(body: ResetPasswordBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/sub-admin/resetPassword', body)
  return res.data
}
