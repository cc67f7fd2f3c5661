import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Action } from '../../../lib/modules'

export interface CreateSubAdminBody {
  firstName: string
  lastName: string
  email: string
  password: string
  permissions: Array<{ slug: string; actions: Action[] }>
}

/** POST /admin/sub-admin/create (add). */
export async function createSubAdmin(body: CreateSubAdminBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/sub-admin/create', body)
  return res.data
}
