import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CauseRow } from '../types'

export interface ListCausesQuery {
  page: number
  limit: number
  search: string
  /** 'name' | 'createdAt' | 'isActive', or '' for the server's default. */
  column: string
  order: 'asc' | 'desc' | ''
}

export interface CauseList {
  rows: CauseRow[]
  total: number
}

/** POST /admin/cause/causeList (any granted action). */
export async function listCauses(query: ListCausesQuery): Promise<CauseList> {
  const res = await apiClient.post<ApiEnvelope<CauseRow[]>>('/admin/cause/causeList', query)
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}
