/** Leadership checks, with the content service's messages (content-rest.md; limits: lib/limits.ts). */
import { LIMITS, requiredText, within } from '../../lib/limits'
import { displayOrder, nameText, type Validator } from '../../lib/validators'

export const messages = {
  nameRequired: 'Please enter Name',
  nameInvalid: 'Please enter valid Name',
  titleRequired: 'Please enter Title',
  photoRequired: 'Please upload Photo',
  orderInvalid: 'Please enter valid Order',
}

export const name = nameText(LIMITS.leadership.name)

export const title = requiredText(messages.titleRequired, LIMITS.leadership.title)

export const biography = within(LIMITS.leadership.biography)

export const photo: Validator = (value) => (Array.isArray(value) && value.length > 0 ? null : messages.photoRequired)

/** A whole number from 0 to the service's most. */
export const order = displayOrder
