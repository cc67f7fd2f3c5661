/** Donors as the BFF returns them (generated from /api-docs/openapi.json, module /donor). */
import type { components } from '../../api/schema'

/** A donor (times in epoch milliseconds; totals of succeeded donations in cents). */
export type Donor = components['schemas']['Donor']

/** The body of POST create and PATCH update/{id} (every field optional: absent is empty). */
export type DonorInput = components['schemas']['DonorInput']

export type EarnedBadge = components['schemas']['EarnedBadge']

/**
 * A recurring gift of a donor. `status` and `interval` are plain text; `nextChargeAt` and
 * `cancelledAt` are 0 when not set.
 */
export type Subscription = components['schemas']['Subscription']

/** One of a donor's recent transactions (the transaction list's row). */
export type DonorTransaction = components['schemas']['Transaction']

/** GET /admin/user/viewUserDetails/{id} as sent. */
export type DonorDetailAnswer = components['schemas']['DonorDetail']

/**
 * GET /admin/user/viewUserDetails/{id} once read (`recentTransactions` are the ten newest). The
 * generated `donor` may be null (a proto message field); getDonor fails instead, so here it is there.
 */
export type DonorDetail = Omit<components['schemas']['DonorDetail'], 'donor'> & { donor: Donor }
