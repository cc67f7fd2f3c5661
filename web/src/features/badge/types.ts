/** Badges as the BFF returns them (giving-rest.md, /admin/badge/). */

/** What awards a badge: total given at least `threshold` cents, at least N donations, or N months subscribed. */
export type BadgeRule = 'totalGiven' | 'donations' | 'monthsSubscribed'

export interface Badge {
  _id: string
  name: string
  image: string
  description: string
  isActive: boolean
  rule: BadgeRule
  /** Cents for totalGiven, a count otherwise. */
  threshold: number
  awardedCount: number
  createdAt: number | null
  updatedAt: number | null
}

/** Body of PATCH badgeUpdate/{id}. */
export interface BadgeBody {
  name: string
  image: string
  description: string
  isActive: boolean
  rule: BadgeRule
  threshold: number
}
