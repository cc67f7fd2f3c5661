/** Community and comment checks, with the engagement service's messages (engagement-rest.md; limits: lib/limits.ts). */
import { isRichTextEmpty } from '../../lib/rich-text'
import { LIMITS, requiredText, within } from '../../lib/limits'
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  nameRequired: 'Please enter Community Name',
  nameTooLong: LIMITS.community.name.message,
  descriptionRequired: 'Please enter Description',
  coverImageRequired: 'Please upload Cover Image',
  privacyRequired: 'Please select Privacy',
  commentRequired: 'Please enter Comment',
  commentTooLong: LIMITS.comment.text.message,
}

export const name = requiredText(messages.nameRequired, LIMITS.community.name)

export const description: Validator = (value) => (isRichTextEmpty(text(value)) ? messages.descriptionRequired : null)

export const coverImage: Validator = (value) =>
  Array.isArray(value) && value.length > 0 ? null : messages.coverImageRequired

export const privacy: Validator = (value) =>
  value === 'public' || value === 'private' ? null : messages.privacyRequired

export const address = within(LIMITS.community.address)

/** A comment or a reply: blank or only white space is refused as the server refuses it. */
export const comment = requiredText(messages.commentRequired, LIMITS.comment.text)
