/** Dashboard figures as the BFF composes them (generated from /api-docs/openapi.json, /admin/dashboard/). */
import type { components } from '../../api/schema'

/** A service whose figures could not be read (what `unavailable` lists). */
export type FigureSource = 'giving' | 'catalogue'

export type GivingFigures = components['schemas']['GivingFigures']

export type CatalogueFigures = components['schemas']['CatalogueFigures']

/** GET dashboard-data as sent: a service that is down has null (or absent) figures and is listed in `unavailable`. */
export type DashboardAnswer = components['schemas']['DashboardData']

/** The same once read: absent figures are null. */
export type DashboardData = Required<DashboardAnswer>

/** GET yearGraphDashboardUser?year=: new donors, donations and amounts by month (1..12). */
export type DonorYearGraph = components['schemas']['DonorYear']

/** GET yearGraphDashboardCharity?year=: new nonprofits and requests by month (1..12). */
export type CharityYearGraph = components['schemas']['CharityYear']

/** What the sub-admin counts read of each sub-admin list row. */
export type SubAdminListRow = Pick<components['schemas']['SubAdminView'], '_id' | 'isActive'>
