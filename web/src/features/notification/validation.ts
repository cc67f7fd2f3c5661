/** The notification form's checks, with the server's messages (chat-rest.md; limits: lib/limits.ts). */
import { LIMITS, requiredText } from '../../lib/limits'
import type { Validator } from '../../lib/validators'

/** At most this many nonprofits, and as many causes. */
export const TARGETS_MAX = 50

export const messages = {
  titleRequired: 'Please enter Title',
  titleTooLong: LIMITS.notification.title.message,
  messageRequired: 'Please enter Message',
  messageTooLong: LIMITS.notification.message.message,
  audienceInvalid: 'Please select a valid audience',
  targetsRequired: 'Please select nonprofits or causes',
  tooManyCharities: `Please select at most ${TARGETS_MAX} nonprofits`,
  tooManyCauses: `Please select at most ${TARGETS_MAX} causes`,
}

export const title = requiredText(messages.titleRequired, LIMITS.notification.title)
export const message = requiredText(messages.messageRequired, LIMITS.notification.message)

export const audience: Validator = (value) =>
  value === 'all' || value === 'selected' ? null : messages.audienceInvalid

/** Chosen targets (option values 'charity:<id>' / 'cause:<id>') when the audience is 'selected'. */
export function targets(values: Array<{ value: string }> | undefined): string | null {
  const list = values ?? []
  if (list.length === 0) return messages.targetsRequired
  if (list.filter((v) => v.value.startsWith('charity:')).length > TARGETS_MAX) return messages.tooManyCharities
  if (list.filter((v) => v.value.startsWith('cause:')).length > TARGETS_MAX) return messages.tooManyCauses
  return null
}
