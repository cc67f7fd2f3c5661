import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface LogoutBody {
  refreshToken: string
}

/** POST /admin-login/logout: revokes the refresh token family. The caller ends the session whatever happens. */
export async function logout(body: LogoutBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin-login/logout', body, {
    skipAuthRefresh: true,
    skipErrorToast: true,
  })
  return res.data
}
