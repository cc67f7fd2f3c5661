import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Cause } from '../types'

export interface CreateCauseBody {
  name: string
  description: string
}

/** POST /admin/cause/create (add). */
export async function createCause(body: CreateCauseBody): Promise<ApiEnvelope<Cause>> {
  const res = await apiClient.post<ApiEnvelope<Cause>>('/admin/cause/create', body)
  return res.data
}
