/** Leadership checks, with the content service's messages (content-rest.md). */
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  nameRequired: 'Please enter Name',
  nameInvalid: 'Please enter valid Name',
  titleRequired: 'Please enter Title',
  photoRequired: 'Please upload Photo',
  orderInvalid: 'Please enter valid Order',
}

export const NAME_MAX_LENGTH = 100
export const TITLE_MAX_LENGTH = 120

export const name: Validator = (value) => {
  if (text(value) === '') return messages.nameRequired
  return text(value).trim() === '' ? messages.nameInvalid : null
}

export const title: Validator = (value) => (text(value).trim() === '' ? messages.titleRequired : null)

export const photo: Validator = (value) => (Array.isArray(value) && value.length > 0 ? null : messages.photoRequired)

/** A whole number from 0. */
export const order: Validator = (value) => (/^\d{1,6}$/.test(text(value).trim()) ? null : messages.orderInvalid)
