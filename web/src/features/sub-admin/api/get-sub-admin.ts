import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SubAdmin } from '../types'

/** GET /admin/sub-admin/get/{id} (view). */
export async function getSubAdmin(id: string): Promise<SubAdmin> {
  const res = await apiClient.get<ApiEnvelope<SubAdmin>>(`/admin/sub-admin/get/${encodeURIComponent(id)}`)
  return { ...res.data.data, permissions: res.data.data.permissions ?? [] }
}
