/** Community and comment checks, with the engagement service's messages (engagement-rest.md). */
import { isRichTextEmpty } from '../../lib/rich-text'
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  nameRequired: 'Please enter Community Name',
  nameTooLong: 'Community Name must be at most 100 characters',
  descriptionRequired: 'Please enter Description',
  coverImageRequired: 'Please upload Cover Image',
  privacyRequired: 'Please select Privacy',
  commentRequired: 'Please enter Comment',
  commentTooLong: 'Comment must be at most 1000 characters',
}

export const NAME_MAX_LENGTH = 100
export const COMMENT_MAX_LENGTH = 1000

export const name: Validator = (value) => {
  const trimmed = text(value).trim()
  if (trimmed === '') return messages.nameRequired
  return trimmed.length > NAME_MAX_LENGTH ? messages.nameTooLong : null
}

export const description: Validator = (value) => (isRichTextEmpty(text(value)) ? messages.descriptionRequired : null)

export const coverImage: Validator = (value) =>
  Array.isArray(value) && value.length > 0 ? null : messages.coverImageRequired

export const privacy: Validator = (value) =>
  value === 'public' || value === 'private' ? null : messages.privacyRequired

export const comment: Validator = (value) => {
  const trimmed = text(value).trim()
  if (trimmed === '') return messages.commentRequired
  return trimmed.length > COMMENT_MAX_LENGTH ? messages.commentTooLong : null
}
