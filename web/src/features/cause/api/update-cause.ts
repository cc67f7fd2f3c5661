import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface UpdateCauseBody {
  name: string
  description: string
}

/** PATCH /admin/cause/update/{id} { name, description } (edit). */
export async function updateCause(id: string, body: UpdateCauseBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(`/admin/cause/update/${encodeURIComponent(id)}`, body)
  return res.data
}
