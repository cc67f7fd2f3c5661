/** Nonprofits as the BFF returns them (bff/API.md, "Nonprofits"). */

export type Verification = 'Pending' | 'Approve' | 'Reject'

/** One row of POST /admin/charity/charityList. */
export interface CharityRow {
  _id: string
  charityName: string
  /** 'XX-XXXXXXX' */
  taxId: string
  /** Epoch milliseconds, or null until approved. */
  adminApproveAt: number | null
  isActive: boolean
  adminVerification: Verification
  rejectReason: string
  isImported: boolean
  createdAt: number
}

export interface PaymentMethod {
  _id: string
  type: 'bank_account'
  bankName: string
  accountHolder: string
  last4: string
  isDefault: boolean
}

/** What create and update send for a payment method (only the last four digits are kept). */
export interface NewPaymentMethodInput {
  type: 'bank_account'
  bankName: string
  accountHolder: string
  routingNumber: string
  accountNumber: string
}

/** A saved method kept as it is. */
export interface KeptPaymentMethod {
  _id: string
}

export type PaymentMethodInput = NewPaymentMethodInput | KeptPaymentMethod

/** The fields a person edits (create and update body). */
export interface CharityInput {
  charityName: string
  taxId: string
  categoryId: string
  causeIds: string[]
  mission: string
  description: string
  logo: string
  images: string[]
  website: string
  email: string
  phoneNumber: string
  address: string
  city: string
  state: string
  country: string
  zipCode: string
  countryId: string
  stateId: string
  cityId: string
  adminFirstName: string
  adminLastName: string
  adminEmail: string
  adminPhone: string
  paymentMethods?: PaymentMethodInput[]
  /** Update only: turns an imported nonprofit into an onboarded one waiting for verification. */
  onboard?: boolean
}

/** GET /admin/charity/get/{id}. */
export interface Charity extends Omit<CharityInput, 'paymentMethods' | 'onboard'> {
  _id: string
  categoryName: string
  causes: { _id: string; name: string }[]
  paymentMethods: PaymentMethod[]
  adminVerification: Verification
  rejectReason: string
  adminApproveAt: number | null
  isActive: boolean
  isImported: boolean
  nteeCode: string
  createdAt: number
  updatedAt: number
}

/** Dry-run or apply summary of a Business Master File import. */
export interface ImportSummary {
  importId: string
  rows: number
  new: number
  changed: number
  unchanged: number
  skipped: number
  invalid: number
  errors: { row: number; reason: string }[]
}
