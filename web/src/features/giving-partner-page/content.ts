import { isRichTextEmpty } from '../../lib/rich-text'
import { LIMITS, overLimit } from '../../lib/limits'

/** '&nbsp;' entities (and the non-breaking spaces they stand for) become plain spaces (SPEC section 5). */
export function withPlainSpaces(html: string): string {
  return html.replace(/&nbsp;/gi, ' ').replace(/\u00a0/g, ' ')
}

export const CONTENT_REQUIRED = 'Please enter Content'

/**
 * The content as the content service checks it (services/content/src/pages.rs,
 * GivingPartnerPage::cleaned): what is sent (plain spaces) within the limit, and showing something.
 */
export function checkContent(value: unknown): string | null {
  const html = withPlainSpaces(typeof value === 'string' ? value : '')
  return overLimit(LIMITS.page.content, html) ?? (isRichTextEmpty(html) ? CONTENT_REQUIRED : null)
}
