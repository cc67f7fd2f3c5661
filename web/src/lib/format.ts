/** Display formats of SPEC section 9. Each returns '' for a missing or unreadable value. */
import dayjs from 'dayjs'

export const TIME_FORMAT = 'hh:mm A'
export const DATE_FORMAT = 'MMM D YYYY,h:mm a'

type DateInput = string | number | Date | null | undefined

/** 0 is "no time" too: the BFF's REST shapes send 0 for a time that is not set (e.g. refundedAt). */
function toDay(value: DateInput) {
  if (value === null || value === undefined || value === '' || value === 0) return null
  const day = dayjs(value)
  return day.isValid() ? day : null
}

/** '03:07 PM' */
export function formatTime(value: DateInput): string {
  return toDay(value)?.format(TIME_FORMAT) ?? ''
}

/** 'Mar 5 2024,3:07 pm' (epoch milliseconds, ISO text or Date). */
export function formatDate(value: DateInput): string {
  return toDay(value)?.format(DATE_FORMAT) ?? ''
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''))
  return Number.isFinite(n) ? n : null
}

/** Thousands commas; two decimals when the value is fractional: 1234 -> '1,234', 1234.5 -> '1,234.50'. */
export function formatNumber(value: number | string | null | undefined): string {
  const n = toNumber(value)
  if (n === null) return ''
  const fractional = !Number.isInteger(n)
  return n.toLocaleString('en-US', {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  })
}

/** '$1,234.50' */
export function formatCurrency(value: number | string | null | undefined): string {
  const n = toNumber(value)
  if (n === null) return ''
  return n < 0 ? `-$${formatNumber(-n)}` : `$${formatNumber(n)}`
}

/** '2.5%' */
export function formatPercent(value: number | string | null | undefined): string {
  const n = toNumber(value)
  if (n === null) return ''
  return `${formatNumber(n)}%`
}

/** Ten digits as '(XXX) XXX-XXXX'; anything else is returned as given. */
export function formatPhone(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const raw = String(value)
  const digits = raw.replace(/\D/g, '')
  if (digits.length !== 10) return raw
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** A US zip code: nine digits as 'XXXXX-XXXX'; five digits, and anything else, as given. */
export function formatZip(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const raw = String(value)
  const digits = raw.replace(/\D/g, '')
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : raw
}

/** Zip- or EIN-style value split after two characters: '123456789' -> '12-3456789'. */
export function formatSplitAfterTwo(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const raw = String(value).replace(/-/g, '')
  if (raw.length <= 2) return raw
  return `${raw.slice(0, 2)}-${raw.slice(2)}`
}

/** A Tax ID (EIN) as 'XX-XXXXXXX': the zip-style split after two characters. */
export const formatTaxId = formatSplitAfterTwo

/**
 * Integer cents as dollars with two decimals, without floating point: 123450 -> '$1,234.50',
 * 5 -> '$0.05', -250 -> '-$2.50'.
 */
export function formatCents(value: number | string | null | undefined): string {
  const n = toNumber(value)
  if (n === null || !Number.isInteger(n)) return ''
  const abs = Math.abs(n)
  const dollars = Math.floor(abs / 100).toLocaleString('en-US')
  const cents = String(abs % 100).padStart(2, '0')
  return `${n < 0 ? '-' : ''}$${dollars}.${cents}`
}

/** Basis points as a percent with two decimals: 290 -> '2.90 %'. */
export function formatBasisPoints(value: number | string | null | undefined): string {
  const n = toNumber(value)
  if (n === null || !Number.isInteger(n)) return ''
  const abs = Math.abs(n)
  return `${n < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} %`
}

/**
 * A name as people write it: a name in capitals only (the IRS file's, as imported) in title
 * case, 'HOPE FOR KIDS INC' -> 'Hope For Kids Inc'; any name with a small letter as it is. Display
 * only: the stored text is kept.
 */
export function formatName(value: string | null | undefined): string {
  if (!value) return ''
  if (/\p{Ll}/u.test(value) || !/\p{Lu}/u.test(value)) return value
  return value
    .toLowerCase()
    .replace(/(^|[\s\-/(&.])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
}
