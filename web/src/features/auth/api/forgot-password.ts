import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface ForgotPasswordBody {
  email: string
}

/**
 * POST /admin/sub-admin/forgotPassword. The screen shows a failure as a success-style toast
 * (SPEC section 8), so the client's error toast is off here.
 */
export async function forgotPassword(body: ForgotPasswordBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/sub-admin/forgotPassword', body, {
    skipErrorToast: true,
  })
  return res.data
}
