/** Dashboard figures as the BFF composes them (generated from /api-docs/openapi.json, /admin/dashboard/). */
import type { components } from '../../api/schema'

/** A service whose figures could not be read (what `unavailable` lists). */
export type FigureSource = components['schemas']['NonprofitDashboard']['unavailable'][number]

export type GivingFigures = components['schemas']['GivingFigures']

export type CatalogueFigures = components['schemas']['CatalogueFigures']

/** A nonprofit admin's figures: donations to its nonprofit, its events and communities, the nonprofit itself. */
export type NonprofitGiving = components['schemas']['NonprofitGiving']

export type NonprofitEngagement = components['schemas']['NonprofitEngagement']

export type OwnNonprofit = components['schemas']['OwnNonprofit']

/**
 * GET dashboard-data as sent: the platform's figures (main admin, sub-admins) or a nonprofit
 * admin's own nonprofit's (it holds `nonprofit`). A service that is down has null (or absent)
 * figures and is listed in `unavailable`.
 */
export type DashboardAnswer = components['schemas']['DashboardData']

/** The platform's page once read: absent figures are null. */
export type PlatformDashboard = Required<components['schemas']['PlatformDashboard']>

/** A nonprofit admin's page once read: absent figures are null. */
export type NonprofitDashboard = Required<components['schemas']['NonprofitDashboard']>

export type DashboardData = PlatformDashboard | NonprofitDashboard

/** Whether the page is a nonprofit admin's (its own nonprofit's figures). */
export function isNonprofitDashboard(data: DashboardData): data is NonprofitDashboard {
  return 'nonprofit' in data
}

/** GET yearGraphDashboardUser?year=: new donors, donations and amounts by month (1..12). */
export type DonorYearGraph = components['schemas']['DonorYear']

/** GET yearGraphDashboardCharity?year=: new nonprofits and requests by month (1..12). */
export type CharityYearGraph = components['schemas']['CharityYear']

/** What the sub-admin counts read of each sub-admin list row. */
export type SubAdminListRow = Pick<components['schemas']['SubAdminView'], '_id' | 'isActive'>
