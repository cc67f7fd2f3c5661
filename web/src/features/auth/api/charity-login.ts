import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'
import type { TwoFactorChallenge } from './two-factor-challenge'

export interface CharityLoginBody {
  email: string
  password: string
}

/** POST /admin-login/charityLogin: the nonprofit admin (adminType 'Charity Admin'). */
export async function charityLogin(body: CharityLoginBody): Promise<ApiEnvelope<SessionUser | TwoFactorChallenge>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser | TwoFactorChallenge>>('/admin-login/charityLogin', body, {
    skipErrorToast: true,
  })
  return res.data
}
