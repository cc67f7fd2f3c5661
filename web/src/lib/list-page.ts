/**
 * The one list call of the console: every list endpoint (SPEC section 3, ARCHITECTURE
 * section 4) takes the list query `{ page, limit, search, column, order }` (plus the list's
 * own filters) in a POST body and answers `{ data, total_records }`. `listPage(path, query)`
 * asks it and answers `{ rows, total }`; a feature keeps at most a one-line typed wrapper.
 * The few lists asked otherwise say so in `options`: a GET with the query in the URL (a post's
 * comments, a page's revisions), a list whose failure shows no toast (SPEC section 8: posts
 * and reported posts).
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

export interface ListPageOptions {
  /** 'get': the query goes in the URL's query string (default 'post': in the body). */
  method?: 'get' | 'post'
  /** The caller shows a failure itself, or nothing (SPEC section 8): the client shows no toast. */
  quiet?: boolean
}

/**
 * POST `path` with the list query (and filters) and answer its page. `data` is the rows, or
 * `{ list: rows }` for the shared name list (POST /admin/common/list).
 */
export async function listPage<T>(
  path: string,
  query: object,
  { method = 'post', quiet = false }: ListPageOptions = {},
): Promise<TablePage<T>> {
  const config = quiet ? { skipErrorToast: true } : {}
  const res =
    method === 'get'
      ? await apiClient.get<ApiEnvelope<T[] | { list?: T[] }>>(path, { ...config, params: query })
      : await apiClient.post<ApiEnvelope<T[] | { list?: T[] }>>(path, query, config)
  const data = res.data.data
  const rows = Array.isArray(data) ? data : (data?.list ?? [])
  return { rows, total: res.data.total_records ?? 0 }
}
