import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SubAdminRow } from '../types'

export interface ListSubAdminsQuery {
  page: number
  limit: number
  search: string
  /** 'firstName' | 'email' | 'createdAt', or '' for the server's default. */
  column: string
  order: 'asc' | 'desc' | ''
}

export interface SubAdminList {
  rows: SubAdminRow[]
  total: number
}

/** POST /admin/sub-admin/subAdminList (view). */
export async function listSubAdmins(query: ListSubAdminsQuery): Promise<SubAdminList> {
  const res = await apiClient.post<ApiEnvelope<SubAdminRow[]>>('/admin/sub-admin/subAdminList', query)
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}
