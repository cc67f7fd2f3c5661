import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Partner } from '../types'

/** POST /admin/strategic-partner/strategicPartnerList: approved partners (sort name, userName, emailAddress, appliedAt). */
export const listApprovedPartners = (query: TableQuery) =>
  listPage<Partner>('/admin/strategic-partner/strategicPartnerList', query)

/** POST /admin/strategic-partner/pending-List: pending and rejected partners. */
export const listPendingPartners = (query: TableQuery) =>
  listPage<Partner>('/admin/strategic-partner/pending-List', query)
