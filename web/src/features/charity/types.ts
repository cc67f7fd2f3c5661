/**
 * Nonprofits as the BFF returns them (bff/API.md, "Nonprofits"). Answers are the types
 * generated from the BFF's OpenAPI document (web/src/api/schema.d.ts), with the string
 * unions the console narrows them to; what the console sends stays stricter than the BFF's
 * all-optional bodies.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type Verification = 'Pending' | 'Approve' | 'Reject'

/** One row of POST /admin/charity/charityList (generated: `CharityRow`). */
export type CharityRow = Omit<Schemas['CharityRow'], 'adminVerification'> & { adminVerification: Verification }

/** A saved payment method (generated: `PaymentMethod`); bank accounts are the only kind. */
export type PaymentMethod = Omit<Schemas['PaymentMethod'], 'type'> & { type: 'bank_account' }

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

/** GET /admin/charity/get/{id} (generated: `Charity`). */
export type Charity = Omit<Schemas['Charity'], 'adminVerification' | 'paymentMethods'> & {
  adminVerification: Verification
  paymentMethods: PaymentMethod[]
}

/** Dry-run or apply summary of a Business Master File import (generated: `ImportAnswer`). */
export type ImportSummary = Schemas['ImportAnswer']
