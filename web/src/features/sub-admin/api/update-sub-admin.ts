import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Action } from '../../../lib/modules'

export interface UpdateSubAdminBody {
  firstName: string
  lastName: string
  email: string
  /** Sent only to change the password. */
  password?: string
  permissions: Array<{ slug: string; actions: Action[] }>
}

/** PATCH /admin/sub-admin/update/{id} (edit). */
export async function updateSubAdmin(id: string, body: UpdateSubAdminBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(`/admin/sub-admin/update/${encodeURIComponent(id)}`, body)
  return res.data
}
