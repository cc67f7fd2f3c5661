/**
 * Donor form rules, with the giving service's messages (services/giving/src/service.rs): first
 * and last name and email required, phone and zip optional but well-formed. The formatted
 * inputs report digits.
 */
import { messages, patterns, type Validator } from '../../lib/validators'

export const NAME_MAX_LENGTH = 50
export const ADDRESS_MAX_LENGTH = 200

export const donorMessages = {
  firstNameRequired: 'Please enter First Name',
  lastNameRequired: 'Please enter Last Name',
  emailRequired: 'Please enter Email',
  emailInvalid: messages.emailInvalid,
  phoneInvalid: 'Please enter valid Phone Number',
  zipInvalid: 'Please enter valid Zip Code',
} as const

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value)).trim()
const required =
  (message: string): Validator =>
  (value) =>
    text(value) === '' ? message : null

export const firstName = required(donorMessages.firstNameRequired)
export const lastName = required(donorMessages.lastNameRequired)

export const email: Validator = (value) => {
  const v = text(value)
  if (v === '') return donorMessages.emailRequired
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
