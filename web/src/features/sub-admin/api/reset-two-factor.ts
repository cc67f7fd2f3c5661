import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** POST /admin/sub-admin/resetTwoFactor/{id} (main admin). */
export async function resetTwoFactor(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>(
    `/admin/sub-admin/resetTwoFactor/${encodeURIComponent(id)}`,
    {},
  )
  return res.data
}
