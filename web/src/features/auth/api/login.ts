import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'

export interface LoginBody {
  email: string
  password: string
}

/** POST /admin-login/login: main admin and sub-admins. */
export async function login(body: LoginBody): Promise<ApiEnvelope<SessionUser>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser>>('/admin-login/login', body)
  return res.data
}
