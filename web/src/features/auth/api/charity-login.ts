import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'

export interface CharityLoginBody {
  email: string
  password: string
}

/** POST /admin-login/charityLogin: the nonprofit admin (adminType 'Charity Admin'). */
export async function charityLogin(body: CharityLoginBody): Promise<ApiEnvelope<SessionUser>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser>>('/admin-login/charityLogin', body)
  return res.data
}
