/** FAQ checks, with the content service's messages (content-rest.md). */
import { isRichTextEmpty } from '../../lib/rich-text'
import type { Validator } from '../../lib/validators'

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export const messages = {
  categoryRequired: 'Please select Category',
  questionRequired: 'Please enter Question',
  answerRequired: 'Please enter Answer',
  orderInvalid: 'Please enter valid Order',
}

export const QUESTION_MAX_LENGTH = 300

export const category: Validator = (value) =>
  value && typeof value === 'object' && 'value' in value && (value as { value: string }).value
    ? null
    : messages.categoryRequired

export const question: Validator = (value) => (text(value).trim() === '' ? messages.questionRequired : null)

export const answer: Validator = (value) => (isRichTextEmpty(text(value)) ? messages.answerRequired : null)

export const order: Validator = (value) => (/^\d{1,6}$/.test(text(value).trim()) ? null : messages.orderInvalid)
