/** The content pages' checks, with the content service's messages (content-rest.md). */
import { isRichTextEmpty } from '../../lib/rich-text'
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  titleRequired: 'Please enter Title',
  contentRequired: 'Please enter Content',
  heroTitleRequired: 'Please enter Hero Title',
  ctaTextRequired: 'Please enter Call to Action Text',
  linkInvalid: 'Please enter valid link',
}

export const title: Validator = (value) => (text(value).trim() === '' ? messages.titleRequired : null)

/** Rich text that shows nothing counts as empty. */
export const content: Validator = (value) => (isRichTextEmpty(text(value)) ? messages.contentRequired : null)

export const heroTitle: Validator = (value) => (text(value).trim() === '' ? messages.heroTitleRequired : null)

/** An http or https link, or nothing. */
export const ctaLink: Validator = (value) => {
  const link = text(value).trim()
  if (link === '') return null
  try {
    const url = new URL(link)
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : messages.linkInvalid
  } catch {
    return messages.linkInvalid
  }
}

/** The call-to-action text is needed once a link is given. */
export const ctaText = (value: unknown, link: unknown): string | null =>
  text(link).trim() !== '' && text(value).trim() === '' ? messages.ctaTextRequired : null
