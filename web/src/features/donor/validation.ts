/**
 * Donor form rules, with the giving service's messages (services/giving/src/service.rs): first
 * and last name and email required, phone and zip optional but well-formed. The formatted
 * inputs report digits. Limits: lib/limits.ts.
 */
import { messages, patterns, type Validator } from '../../lib/validators'
import { LIMITS, overLimit, requiredText, within } from '../../lib/limits'

export const donorMessages = {
  firstNameRequired: 'Please enter First Name',
  lastNameRequired: 'Please enter Last Name',
  emailRequired: 'Please enter Email',
  emailInvalid: messages.emailInvalid,
  phoneInvalid: 'Please enter valid Phone Number',
  zipInvalid: 'Please enter valid Zip Code',
} as const

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value)).trim()
export const firstName = requiredText(donorMessages.firstNameRequired, LIMITS.donor.firstName)
export const lastName = requiredText(donorMessages.lastNameRequired, LIMITS.donor.lastName)
export const address = within(LIMITS.donor.address)

export const email: Validator = (value) => {
  const v = text(value)
  if (v === '') return donorMessages.emailRequired
  if (overLimit(LIMITS.email, v)) return donorMessages.emailInvalid
  return patterns.emailWithTag.test(v) ? null : donorMessages.emailInvalid
}

/** Optional; ten digits when given. */
export const phoneNumber: Validator = (value) => {
  const v = text(value)
  if (v === '') return null
  return /^[\d()\s-]+$/.test(v) && v.replace(/\D/g, '').length === 10 ? null : donorMessages.phoneInvalid
}

/** Optional; five digits, or five plus four. */
export const zipCode: Validator = (value) => {
  const v = text(value)
  if (v === '') return null
  return /^\d{5}(-?\d{4})?$/.test(v) ? null : donorMessages.zipInvalid
}
