/** Event checks, with the engagement service's messages (engagement-rest.md; limits: lib/limits.ts). */
import { isRichTextEmpty } from '../../lib/rich-text'
import type { Validator } from '../../lib/validators'
import { LIMITS, overLimit, requiredText } from '../../lib/limits'
import { CAPACITY_MAX } from './constants'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  titleRequired: 'Please enter Event Title',
  titleTooLong: LIMITS.event.title.message,
  descriptionRequired: 'Please enter Description',
  startsRequired: 'Please select Start Date',
  endsRequired: 'Please select End Date',
  endsBeforeStart: 'End Date must be after Start Date',
  timeZoneInvalid: 'Please select valid Time Zone',
  linkInvalid: 'Please enter valid link',
  venueRequired: 'Please enter Venue',
  hostRequired: 'Please select Host',
  capacityInvalid: 'Please enter valid Capacity',
}

export const title = requiredText(messages.titleRequired, LIMITS.event.title)

export const description: Validator = (value) => (isRichTextEmpty(text(value)) ? messages.descriptionRequired : null)

export const startsAt: Validator = (value) => (value ? null : messages.startsRequired)

/** The end, given the start (both dayjs values or null). */
export const endsAt = (value: unknown, start: unknown): string | null => {
  if (!value) return messages.endsRequired
  const end = value as { valueOf(): number }
  const begin = start as { valueOf(): number } | null | undefined
  return begin && end.valueOf() <= begin.valueOf() ? messages.endsBeforeStart : null
}

export function isTimeZone(name: unknown): boolean {
  if (typeof name !== 'string' || name === '') return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const timeZone: Validator = (value) => (isTimeZone(value) ? null : messages.timeZoneInvalid)

export const onlineLink: Validator = (value) => {
  if (overLimit(LIMITS.event.onlineLink, value)) return messages.linkInvalid
  try {
    const url = new URL(text(value).trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? null : messages.linkInvalid
  } catch {
    return messages.linkInvalid
  }
}

export const venue = requiredText(messages.venueRequired, LIMITS.event.venue)

export const host: Validator = (value) =>
  value && typeof value === 'object' && 'value' in value && (value as { value: string }).value
    ? null
    : messages.hostRequired

export const capacity: Validator = (value) => {
  const raw = text(value).trim()
  if (!/^\d+$/.test(raw)) return messages.capacityInvalid
  return Number(raw) <= CAPACITY_MAX ? null : messages.capacityInvalid
}
