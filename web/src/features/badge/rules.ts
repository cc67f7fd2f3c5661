/** A badge's rule in words, and the threshold as the edit form holds it (dollars for money). */
import { formatCents } from '../../lib/format'
import type { BadgeRule } from './types'
import { LIMITS, requiredText, within } from '../../lib/limits'

/** The giving service trims the name: blank or only white space is 'Please enter Name' (services/giving/src/money.rs). */
export const badgeName = requiredText('Please enter Name', LIMITS.badge.name)
export const badgeDescription = within(LIMITS.badge.description)

export const RULE_OPTIONS: Array<{ value: BadgeRule; label: string }> = [
  { value: 'totalGiven', label: 'Total given at least (USD)' },
  { value: 'donations', label: 'Number of donations' },
  { value: 'monthsSubscribed', label: 'Months subscribed' },
]

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** 'Total given at least $1,000.00', '10 donations', '12 months subscribed'. */
export function ruleText(rule: BadgeRule, threshold: number): string {
  switch (rule) {
    case 'totalGiven':
      return `Total given at least ${formatCents(threshold)}`
    case 'donations':
      return plural(threshold, 'donation', 'donations')
    case 'monthsSubscribed':
      return `${plural(threshold, 'month', 'months')} subscribed`
    default:
      return String(threshold)
  }
}

/** Dollars as typed ('1,000', '12.5') to cents, without floating point; null when not an amount. */
export function dollarsToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const text = String(value).replace(/,/g, '').trim()
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text)
  if (!match) return null
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** Cents as the dollars text the form shows: 100050 -> '1000.50'. */
export function centsToDollars(cents: number): string {
  const whole = Math.max(0, Math.round(cents))
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

export const THRESHOLD_MESSAGE = 'Threshold must be a whole number greater than 0'
export const AMOUNT_MESSAGE = 'Please enter an amount greater than 0 (at most two decimals)'

/** The REST threshold of the form's text for a rule, or the message why it is not one. */
export function thresholdOf(rule: BadgeRule | undefined, value: string | number | null | undefined): number | string {
  if (rule === 'totalGiven') {
    const cents = dollarsToCents(value)
    return cents !== null && cents > 0 ? cents : AMOUNT_MESSAGE
  }
  const text = value === null || value === undefined ? '' : String(value).replace(/,/g, '').trim()
  if (!/^\d+$/.test(text)) return THRESHOLD_MESSAGE
  const n = Number(text)
  return Number.isSafeInteger(n) && n > 0 ? n : THRESHOLD_MESSAGE
}
