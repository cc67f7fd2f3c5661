/** Giving partners as the BFF returns them (generated from /api-docs/openapi.json, /admin/strategic-partner/). */
import type { components } from '../../api/schema'

/** Where a partner's application stands. */
export type PartnerVerification = 'Pending' | 'Approve' | 'Reject'

/**
 * A giving partner (generated `Partner`; times in epoch milliseconds, 0 when not set). The screens
 * rely on the three verification states, which the schema types as plain text.
 */
export type Partner = Omit<components['schemas']['Partner'], 'adminVerification'> & {
  adminVerification: PartnerVerification
}

/** Body of POST changeVerificationStatus: Reject needs a reason, Approve sends an empty one. */
export type PartnerVerificationBody = Omit<components['schemas']['PartnerVerificationBody'], 'adminVerification'> & {
  adminVerification: 'Approve' | 'Reject'
}
