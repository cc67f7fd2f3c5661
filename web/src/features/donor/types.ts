/**
 * Donors as the BFF returns them (giving REST contract, module /donor). Written to the contract
 * until web/src/api/schema.d.ts has them; then these become aliases of its schemas, here only.
 */
import type { Transaction } from '../transaction/types'

export interface Donor {
  _id: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  avatar: string
  address: string
  city: string
  state: string
  country: string
  cityId: string
  stateId: string
  countryId: string
  zipCode: string
  isActive: boolean
  createdAt: number
  updatedAt: number
  totalGivenCents: number
  donationsCount: number
}

/** The body of POST create and PATCH update/{id}. */
export interface DonorInput {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  avatar: string
  address: string
  city: string
  state: string
  country: string
  cityId: string
  stateId: string
  countryId: string
  zipCode: string
}

export interface EarnedBadge {
  badgeId: string
  name: string
  image: string
  awardedAt: number
}

/** A recurring gift of a donor (giving.v1 Subscription in its REST shape). */
export interface Subscription {
  _id: string
  donorId: string
  recipientType: string
  recipientId: string
  recipientName: string
  amountCents: number
  currency: string
  interval: string
  status: string
  startedAt: number
  nextChargeAt: number | null
  chargesCount: number
  cancelledAt: number | null
}

/** GET /admin/user/viewUserDetails/{id}. */
export interface DonorDetail {
  donor: Donor
  badges: EarnedBadge[]
  /** The ten newest. */
  recentTransactions: Transaction[]
  subscriptions: Subscription[]
}
