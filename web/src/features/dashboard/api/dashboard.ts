/**
 * The dashboard's figures. Each card shows its own failure (an unavailable service is a state
 * of the card, not an error page), so these calls raise no toast.
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CharityYearGraph, DashboardAnswer, DashboardData, DonorYearGraph } from '../types'

const QUIET = { skipErrorToast: true } as const

/**
 * GET /admin/dashboard/dashboard-data: every card's figures; a service that is down is listed
 * in `unavailable`. A nonprofit admin's answer holds `nonprofit` (its own nonprofit's figures only).
 */
export async function getDashboardData(): Promise<DashboardData> {
  const res = await apiClient.get<ApiEnvelope<DashboardAnswer>>('/admin/dashboard/dashboard-data', QUIET)
  const data = res.data.data
  if (data && 'nonprofit' in data) {
    return {
      nonprofit: data.nonprofit ?? null,
      giving: data.giving ?? null,
      engagement: data.engagement ?? null,
      unavailable: data.unavailable ?? [],
    }
  }
  return { giving: data?.giving ?? null, catalogue: data?.catalogue ?? null, unavailable: data?.unavailable ?? [] }
}

/** GET /admin/dashboard/yearGraphDashboardUser?year= (503 when the giving service is down). */
export async function getDonorYearGraph(year: number): Promise<DonorYearGraph> {
  const res = await apiClient.get<ApiEnvelope<DonorYearGraph>>('/admin/dashboard/yearGraphDashboardUser', {
    ...QUIET,
    params: { year },
  })
  return res.data.data
}

/** GET /admin/dashboard/yearGraphDashboardCharity?year=. */
export async function getCharityYearGraph(year: number): Promise<CharityYearGraph> {
  const res = await apiClient.get<ApiEnvelope<CharityYearGraph>>('/admin/dashboard/yearGraphDashboardCharity', {
    ...QUIET,
    params: { year },
  })
  return res.data.data
}
