/** FAQ checks, with the content service's messages (content-rest.md; limits: lib/limits.ts). */
import { isRichTextEmpty } from '../../lib/rich-text'
import { LIMITS, overLimit, requiredText } from '../../lib/limits'
import { displayOrder, type Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  categoryRequired: 'Please select Category',
  questionRequired: 'Please enter Question',
  answerRequired: 'Please enter Answer',
  orderInvalid: 'Please enter valid Order',
}

export const category: Validator = (value) =>
  value && typeof value === 'object' && 'value' in value && (value as { value: string }).value
    ? null
    : messages.categoryRequired

export const question = requiredText(messages.questionRequired, LIMITS.faq.question)

/** The service checks the length first, then that something shows. */
export const answer: Validator = (value) =>
  overLimit(LIMITS.faq.answer, value) ?? (isRichTextEmpty(text(value)) ? messages.answerRequired : null)

/** A whole number from 0 to the service's most. */
export const order = displayOrder
