import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SubAdminListRow } from '../types'

export interface SubAdminCounts {
  total: number
  active: number
}

/** Page size used to count active sub-admins. */
const PAGE = 100
/** Safety bound on the pages read for one count. */
const MAX_PAGES = 50

function listPage(page: number, limit: number) {
  return apiClient.post<ApiEnvelope<SubAdminListRow[]>>('/admin/sub-admin/subAdminList', {
    page,
    limit,
    search: '',
    column: 'createdAt',
    order: 'asc',
  })
}

/**
 * Number of sub-admins and of active ones, from POST /admin/sub-admin/subAdminList
 * (the only list that exists yet): limit 1 gives the total, then the pages are read
 * to count the active accounts.
 */
export async function getSubAdminCounts(): Promise<SubAdminCounts> {
  const first = await listPage(1, 1)
  const total = first.data.total_records ?? 0
  let active = 0
  let seen = 0
  for (let page = 1; seen < total && page <= MAX_PAGES; page++) {
    const res = await listPage(page, PAGE)
    const rows = res.data.data ?? []
    if (rows.length === 0) break
    seen += rows.length
    active += rows.filter((r) => r.isActive).length
  }
  return { total, active }
}
