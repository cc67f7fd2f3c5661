/**
 * Nonprofit form rules (bff/API.md, "Nonprofits"). The messages the contract names are used as
 * they are ('Please enter valid Tax ID', 'Please select Category', 'Please select Cause',
 * 'Please upload Logo', 'Please enter valid Website', 'Please enter valid email address.',
 * 'Please enter valid Phone Number', 'Please enter valid Zip Code'); the others follow the same style.
 * Phone numbers, the Tax ID and the zip code arrive here as digits (the formatted inputs report digits).
 */
import { messages, patterns, type Validator } from '../../lib/validators'
import { isRichTextEmpty } from '../../lib/rich-text'
import { charCount, LIMITS, overLimit, requiredText, within } from '../../lib/limits'

/** The catalogue's limits (services/catalogue/src/charity.rs; lib/limits.ts). */
const L = LIMITS.charity
export const NAME_MIN_LENGTH = 2
export const MAX_IMAGES = 10

export const charityMessages = {
  nameRequired: 'Please enter Nonprofit Name',
  nameLength: L.name.message,
  taxIdRequired: 'Please enter Tax ID',
  taxIdInvalid: 'Please enter valid Tax ID',
  categoryRequired: 'Please select Category',
  causeRequired: 'Please select Cause',
  missionRequired: 'Please enter Mission',
  missionTooLong: L.mission.message,
  descriptionTooLong: L.description.message,
  logoRequired: 'Please upload Logo',
  imagesTooMany: `At most ${MAX_IMAGES} images are allowed`,
  websiteInvalid: 'Please enter valid Website',
  emailRequired: 'Please enter Email',
  emailInvalid: messages.emailInvalid,
  phoneRequired: 'Please enter Phone Number',
  phoneInvalid: 'Please enter valid Phone Number',
  addressRequired: 'Please enter Address',
  countryRequired: messages.countryRequired,
  stateRequired: messages.stateRequired,
  cityRequired: messages.cityRequired,
  zipRequired: 'Please enter Zip Code',
  zipInvalid: 'Please enter valid Zip Code',
  adminFirstNameRequired: 'Please enter Admin First Name',
  adminLastNameRequired: 'Please enter Admin Last Name',
  adminEmailRequired: 'Please enter Admin Email',
  bankNameRequired: 'Please enter Bank Name',
  accountHolderRequired: 'Please enter Account Holder Name',
  routingNumberInvalid: 'Please enter valid Routing Number',
  accountNumberInvalid: 'Please enter valid Account Number',
} as const

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value)).trim()
const digits = (value: unknown): string => text(value).replace(/\D/g, '')
const selected =
  (message: string): Validator =>
  (value) =>
    (Array.isArray(value) ? value.length === 0 : text(value) === '') ? message : null

export const charityName: Validator = (value) => {
  const v = text(value)
  if (v === '') return charityMessages.nameRequired
  return charCount(v) < NAME_MIN_LENGTH || charCount(v) > L.name.max ? charityMessages.nameLength : null
}

/** Nine digits, with or without the dash. */
export const taxId: Validator = (value) => {
  const v = text(value)
  if (v === '') return charityMessages.taxIdRequired
  return /^\d{2}-?\d{7}$/.test(v) ? null : charityMessages.taxIdInvalid
}

export const category = selected(charityMessages.categoryRequired)
export const causes = selected(charityMessages.causeRequired)

export const mission: Validator = (value) => {
  const html = typeof value === 'string' ? value : ''
  if (isRichTextEmpty(html)) return charityMessages.missionRequired
  return overLimit(L.mission, html)
}

/** Optional rich text. */
export const description = within(L.description)

export const logo = selected(charityMessages.logoRequired)

export const images: Validator = (value) =>
  Array.isArray(value) && value.length > MAX_IMAGES ? charityMessages.imagesTooMany : null

/** Optional; an http or https address when given. */
export const website: Validator = (value) => {
  const v = text(value)
  if (v === '') return null
  if (overLimit(L.website, v)) return charityMessages.websiteInvalid
  return /^https?:\/\//i.test(v) && patterns.url.test(v) ? null : charityMessages.websiteInvalid
}

const emailWith =
  (requiredMessage: string): Validator =>
  (value) => {
    const v = text(value)
    if (v === '') return requiredMessage
    if (overLimit(LIMITS.email, v)) return charityMessages.emailInvalid
    return patterns.emailWithTag.test(v) ? null : charityMessages.emailInvalid
  }

export const email = emailWith(charityMessages.emailRequired)
export const adminEmail = emailWith(charityMessages.adminEmailRequired)

/** Ten digits. */
export const phoneNumber: Validator = (value) => {
  if (text(value) === '') return charityMessages.phoneRequired
  return digits(value).length === 10 && /^[\d()\s-]+$/.test(text(value)) ? null : charityMessages.phoneInvalid
}

/** Optional; ten digits when given. */
export const optionalPhone: Validator = (value) => (text(value) === '' ? null : phoneNumber(value))

export const address = requiredText(charityMessages.addressRequired, L.address)

/** Five digits or five plus four (the formatted input reports digits only). */
export const zipCode: Validator = (value) => {
  const v = text(value)
  if (v === '') return charityMessages.zipRequired
  return /^\d{5}(-?\d{4})?$/.test(v) ? null : charityMessages.zipInvalid
}

export const adminFirstName = requiredText(charityMessages.adminFirstNameRequired, L.adminFirstName)
export const adminLastName = requiredText(charityMessages.adminLastNameRequired, L.adminLastName)

export const bankName = requiredText(charityMessages.bankNameRequired, L.bankName)
export const accountHolder = requiredText(charityMessages.accountHolderRequired, L.accountHolder)

/** Nine digits. */
export const routingNumber: Validator = (value) =>
  /^\d{9}$/.test(text(value)) ? null : charityMessages.routingNumberInvalid

/** Four to seventeen digits. */
export const accountNumber: Validator = (value) =>
  /^\d{4,17}$/.test(text(value)) ? null : charityMessages.accountNumberInvalid
