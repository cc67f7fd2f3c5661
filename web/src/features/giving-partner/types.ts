/** Giving partners as the BFF returns them (giving-rest.md, /admin/strategic-partner/). */

/** Where a partner's application stands. */
export type PartnerVerification = 'Pending' | 'Approve' | 'Reject'

/** A giving partner (times in epoch milliseconds). */
export interface Partner {
  _id: string
  name: string
  userName: string
  emailAddress: string
  phoneNumber: string
  website: string
  logo: string
  description: string
  adminVerification: PartnerVerification
  rejectReason: string
  isActive: boolean
  appliedAt: number | null
  verifiedAt: number | null
  state: string
  city: string
}

/** Body of POST changeVerificationStatus: Reject needs a reason, Approve sends an empty one. */
export interface PartnerVerificationBody {
  strategicPartnerId: string
  adminVerification: 'Approve' | 'Reject'
  rejectReason: string
}
