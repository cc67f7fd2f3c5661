import { listPage, type TableQuery } from '../../../lib/list-page'
import type { CharityRow, Verification } from '../types'

/** The nonprofit list's filters: imported (Business Master File) or onboarded, and the verification ('' = any). */
export interface CharityListFilter {
  isNavigator: boolean
  adminVerification: Verification | ''
}

/**
 * POST /admin/charity/charityList (any right on Nonprofit Management, or view on New Nonprofit);
 * search applied past 2 characters; sort columns 'charityName' | 'adminApproveAt' | 'createdAt'.
 */
export const listCharities = (query: TableQuery & CharityListFilter) =>
  listPage<CharityRow>('/admin/charity/charityList', query)
