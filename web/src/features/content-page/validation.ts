/** The content pages' checks, with the content service's messages (content-rest.md; limits: lib/limits.ts). */
import { isRichTextEmpty } from '../../lib/rich-text'
import { LIMITS, overLimit, requiredText, within } from '../../lib/limits'
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  titleRequired: 'Please enter Title',
  contentRequired: 'Please enter Content',
  heroTitleRequired: 'Please enter Hero Title',
  ctaTextRequired: 'Please enter Call to Action Text',
  linkInvalid: 'Please enter valid link',
  stepTitleRequired: 'Please enter Step Title',
  figureRequired: 'Please enter Label and Value',
}

/** A CMS page's title. */
export const title = requiredText(messages.titleRequired, LIMITS.page.cmsTitle)

/** Rich text that shows nothing counts as empty; the service checks the length first. */
export const content: Validator = (value) =>
  overLimit(LIMITS.page.content, value) ?? (isRichTextEmpty(text(value)) ? messages.contentRequired : null)

export const heroTitle = requiredText(messages.heroTitleRequired, LIMITS.page.heroTitle)
export const heroSubtitle = within(LIMITS.page.heroSubtitle)

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
  text(link).trim() !== '' && text(value).trim() === ''
    ? messages.ctaTextRequired
    : overLimit(LIMITS.page.ctaText, value)

/**
 * A row of "How It Works" or of the impact figures (the service drops a row left blank): a
 * step needs its title, a figure both its label and its value.
 */
export const stepTitle = (value: unknown, other: unknown): string | null =>
  text(value).trim() === '' && text(other).trim() !== '' ? messages.stepTitleRequired : null
export const figurePart = (value: unknown, other: unknown): string | null =>
  text(value).trim() === '' && text(other).trim() !== '' ? messages.figureRequired : null
