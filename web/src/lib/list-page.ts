/**
 * The one list call of the console: every list endpoint (SPEC section 3, ARCHITECTURE
 * section 4) takes the list query `{ page, limit, search, column, order }` (plus the list's
 * own filters) in a POST body and answers `{ data, total_records }`. `listPage(path, query)`
 * asks it and answers `{ rows, total }`; a feature keeps at most a one-line typed wrapper.
 */
import { apiClient, type ApiEnvelope } from './api-client'

export type SortOrder = 'asc' | 'desc' | ''

/** The list query of every list endpoint (SPEC section 3). */
export interface TableQuery {
  page: number
  limit: number
  search: string
  /** The server's sort column, or '' for its default. */
  column: string
  order: SortOrder
}

export interface TablePage<T> {
  rows: T[]
  total: number
}

/**
 * POST `path` with the list query (and filters) and answer its page. `data` is the rows, or
 * `{ list: rows }` for the shared name list (POST /admin/common/list).
 */
export async function listPage<T>(path: string, query: object): Promise<TablePage<T>> {
  const res = await apiClient.post<ApiEnvelope<T[] | { list?: T[] }>>(path, query)
  const data = res.data.data
  const rows = Array.isArray(data) ? data : (data?.list ?? [])
  return { rows, total: res.data.total_records ?? 0 }
}
