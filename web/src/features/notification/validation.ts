/** The notification form's checks, with the server's messages (chat-rest.md). */
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const TITLE_MAX_LENGTH = 100
export const MESSAGE_MAX_LENGTH = 1000
/** At most this many nonprofits, and as many causes. */
export const TARGETS_MAX = 50

export const messages = {
  titleRequired: 'Please enter Title',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  messageRequired: 'Please enter Message',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  audienceInvalid: 'Please select a valid audience',
  targetsRequired: 'Please select nonprofits or causes',
  tooManyCharities: `Please select at most ${TARGETS_MAX} nonprofits`,
  tooManyCauses: `Please select at most ${TARGETS_MAX} causes`,
}

export const title: Validator = (value) => {
  const trimmed = text(value).trim()
  if (trimmed === '') return messages.titleRequired
  return trimmed.length > TITLE_MAX_LENGTH ? messages.titleTooLong : null
}

export const message: Validator = (value) => {
  const trimmed = text(value).trim()
  if (trimmed === '') return messages.messageRequired
  return trimmed.length > MESSAGE_MAX_LENGTH ? messages.messageTooLong : null
}

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
