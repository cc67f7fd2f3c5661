/**
 * The nonprofit form's values: from a loaded record (valuesOf) and to the create/update body
 * (bodyOf). Phone numbers, the Tax ID and the zip code are held as digits; the body sends the
 * Tax ID as XX-XXXXXXX, a nine-digit zip as XXXXX-XXXX, the logo as one file name, and new
 * bank accounts only when some were added.
 */
import { formatTaxId, formatZip } from '../../lib/format'
import { placeValuesOf } from '../../lib/place-values'
import { splitContactName } from './contact-name'
import type { Charity, CharityInput } from './types'

interface BankAccountValues {
  bankName?: string
  accountHolder?: string
  routingNumber?: string
  accountNumber?: string
}

export interface CharityFormValues {
  charityName: string
  /** Digits. */
  taxId: string
  categoryId?: string
  causeIds: string[]
  mission: string
  description: string
  logo: string[]
  images: string[]
  website: string
  email: string
  /** Digits. */
  phoneNumber: string
  address: string
  country?: string
  state?: string
  city?: string
  countryId: string
  stateId: string
  cityId: string
  /** Digits. */
  zipCode: string
  adminFirstName: string
  adminLastName: string
  adminEmail: string
  /** Digits. */
  adminPhone: string
  /** New bank accounts. */
  paymentMethods: BankAccountValues[]
}

export const EMPTY_VALUES: CharityFormValues = {
  charityName: '',
  taxId: '',
  causeIds: [],
  mission: '',
  description: '',
  logo: [],
  images: [],
  website: '',
  email: '',
  phoneNumber: '',
  address: '',
  countryId: '',
  stateId: '',
  cityId: '',
  zipCode: '',
  adminFirstName: '',
  adminLastName: '',
  adminEmail: '',
  adminPhone: '',
  paymentMethods: [],
}

export const digitsOf = (value: unknown): string => String(value ?? '').replace(/\D/g, '')
const trim = (value: unknown) => String(value ?? '').trim()

/**
 * The form's values of a loaded nonprofit. An imported one holds its IRS contact whole in the
 * first name: the form offers it split into first and last name.
 */
export function valuesOf(charity: Charity): CharityFormValues {
  const contact =
    charity.isImported && !charity.adminLastName?.trim()
      ? splitContactName(charity.adminFirstName)
      : { first: charity.adminFirstName ?? '', last: charity.adminLastName ?? '' }
  return {
    charityName: charity.charityName ?? '',
    taxId: digitsOf(charity.taxId),
    categoryId: charity.categoryId || undefined,
    causeIds: charity.causeIds ?? charity.causes?.map((c) => c._id) ?? [],
    mission: charity.mission ?? '',
    description: charity.description ?? '',
    logo: charity.logo ? [charity.logo] : [],
    images: charity.images ?? [],
    website: charity.website ?? '',
    email: charity.email ?? '',
    phoneNumber: digitsOf(charity.phoneNumber),
    ...placeValuesOf(charity),
    zipCode: digitsOf(charity.zipCode),
    adminFirstName: contact.first,
    adminLastName: contact.last,
    adminEmail: charity.adminEmail ?? '',
    adminPhone: digitsOf(charity.adminPhone),
    paymentMethods: [],
  }
}

/**
 * The create/update body of the form's values. `savedIds` are the nonprofit's saved bank
 * accounts: the server replaces the list it is given, so they go along (by id) with new ones.
 */
export function bodyOf(values: CharityFormValues, onboard: boolean, savedIds: string[] = []): CharityInput {
  const accounts = (values.paymentMethods ?? []).map((a) => ({
    type: 'bank_account' as const,
    bankName: trim(a.bankName),
    accountHolder: trim(a.accountHolder),
    routingNumber: digitsOf(a.routingNumber),
    accountNumber: digitsOf(a.accountNumber),
  }))
  return {
    charityName: trim(values.charityName),
    taxId: formatTaxId(digitsOf(values.taxId)),
    categoryId: values.categoryId ?? '',
    causeIds: values.causeIds ?? [],
    mission: values.mission ?? '',
    description: values.description ?? '',
    logo: values.logo?.[0] ?? '',
    images: values.images ?? [],
    website: trim(values.website),
    email: trim(values.email),
    phoneNumber: digitsOf(values.phoneNumber),
    address: trim(values.address),
    city: trim(values.city),
    state: trim(values.state),
    country: trim(values.country),
    zipCode: formatZip(digitsOf(values.zipCode)),
    countryId: values.countryId ?? '',
    stateId: values.stateId ?? '',
    cityId: values.cityId ?? '',
    adminFirstName: trim(values.adminFirstName),
    adminLastName: trim(values.adminLastName),
    adminEmail: trim(values.adminEmail),
    adminPhone: digitsOf(values.adminPhone),
    // Without new accounts the saved ones are left as they are.
    ...(accounts.length > 0 ? { paymentMethods: [...savedIds.map((_id) => ({ _id })), ...accounts] } : {}),
    ...(onboard ? { onboard: true } : {}),
  }
}
