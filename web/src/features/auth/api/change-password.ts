import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface ChangePasswordBody {
  /** The session user's _id. */
  id: string
  currentPassword: string
  newPassword: string
}

/** POST /admin/sub-admin/changePassword (bearer). */
export async function changePassword(body: ChangePasswordBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/sub-admin/changePassword', body)
  return res.data
}
