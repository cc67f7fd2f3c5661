import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'
import type { TwoFactorChallenge } from './two-factor-challenge'

export interface LoginBody {
  email: string
  password: string
}

/** POST /admin-login/login: main admin and sub-admins. */
export async function login(body: LoginBody): Promise<ApiEnvelope<SessionUser | TwoFactorChallenge>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser | TwoFactorChallenge>>('/admin-login/login', body, {
    skipErrorToast: true,
  })
  return res.data
}
