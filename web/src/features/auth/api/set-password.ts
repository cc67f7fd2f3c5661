import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface SetPasswordBody {
  /** The token of the /set_password/{token} invitation link. */
  token: string
  newPassword: string
}

/** POST /admin-login/setPassword: a nonprofit admin's first password, from its invitation. */
export async function setPassword(body: SetPasswordBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin-login/setPassword', body)
  return res.data
}
