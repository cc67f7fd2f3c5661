import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CharityRow, Verification } from '../types'

export interface ListCharitiesQuery {
  page: number
  limit: number
  /** Applied by the server only past 2 characters. */
  search: string
  /** 'charityName' | 'adminApproveAt' | 'createdAt', or '' for the server's default. */
  column: string
  order: 'asc' | 'desc' | ''
  /** true: imported nonprofits (Business Master File); false: onboarded ones. */
  isNavigator: boolean
  /** Filters onboarded ones; '' = any. */
  adminVerification: Verification | ''
}

export interface CharityList {
  rows: CharityRow[]
  total: number
}

/** POST /admin/charity/charityList (any right on Nonprofit Management, or view on New Nonprofit). */
export async function listCharities(query: ListCharitiesQuery): Promise<CharityList> {
  const res = await apiClient.post<ApiEnvelope<CharityRow[]>>('/admin/charity/charityList', query)
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}
