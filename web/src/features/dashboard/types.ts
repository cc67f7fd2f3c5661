/** Dashboard figures as the BFF composes them (giving-rest.md, /admin/dashboard/). */

/** A service whose figures could not be read. */
export type FigureSource = 'giving' | 'catalogue'

export interface GivingFigures {
  donors: number
  activeDonors: number
  donations: number
  amountCents: number
  activeSubscriptions: number
  approvedPartners: number
  pendingPartners: number
}

export interface CatalogueFigures {
  nonprofits: number
  approved: number
  pendingRequests: number
  causes: number
  categories: number
}

/** GET dashboard-data: a service that is down has null figures and is listed in `unavailable`. */
export interface DashboardData {
  giving: GivingFigures | null
  catalogue: CatalogueFigures | null
  unavailable: FigureSource[]
}

/** GET yearGraphDashboardUser?year=: new donors, donations and amounts by month (1..12). */
export interface DonorYearGraph {
  year: number
  months: Array<{ month: number; donors: number; donations: number; amountCents: number }>
}

/** GET yearGraphDashboardCharity?year=: new nonprofits and requests by month (1..12). */
export interface CharityYearGraph {
  year: number
  months: Array<{ month: number; nonprofits: number; requests: number }>
}
