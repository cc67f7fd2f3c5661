import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface LogoutBody {
  /** Only a session from before cookie mode holds it; otherwise the access token names the session. */
  refreshToken?: string
}

/**
 * POST /admin-login/logout: ends the session (its access token at once) and clears the
 * refresh cookie. The caller ends the session whatever happens.
 */
export async function logout(body: LogoutBody = {}): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin-login/logout', body, {
    skipAuthRefresh: true,
    skipErrorToast: true,
  })
  return res.data
}
