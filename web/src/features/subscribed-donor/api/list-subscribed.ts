import { listPage, type TableQuery } from '../../../lib/list-page'
import type { DonorTotalsRow } from '../types'

/** POST /admin/subscribed-donor/subscribeDonor (view): subscribed donors with their totals and subscription count. */
export const listSubscribedDonors = (query: TableQuery) =>
  listPage<DonorTotalsRow>('/admin/subscribed-donor/subscribeDonor', query)
