import { listPage, type TableQuery } from '../../../lib/list-page'
import type { DonorTotalsRow } from '../types'

/** POST /admin/subscribed-donor/oneTime (view): donors of one-time gifts with their totals. */
export const listOneTimeDonors = (query: TableQuery) =>
  listPage<DonorTotalsRow>('/admin/subscribed-donor/oneTime', query)
