/** How transactions' codes read on screen (status, type, recipient type, payment method). */

export type TransactionStatus = 'succeeded' | 'pending' | 'failed' | 'refunded'
export type TransactionType = 'one_time' | 'recurring'
export type RecipientType = 'charity' | 'community' | 'cause'

export const STATUS_LABELS: Record<TransactionStatus, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
}

export const STATUS_COLORS: Record<TransactionStatus, string> = {
  succeeded: 'green',
  pending: 'gold',
  failed: 'red',
  refunded: 'purple',
}

export const TYPE_LABELS: Record<TransactionType, string> = {
  one_time: 'One Time',
  recurring: 'Recurring',
}

export const RECIPIENT_TYPE_LABELS: Record<RecipientType, string> = {
  charity: 'Nonprofit',
  community: 'Community',
  cause: 'Cause',
}

const labelOf = <K extends string>(labels: Record<K, string>, code: string | null | undefined): string =>
  code ? ((labels as Record<string, string>)[code] ?? code) : ''

export const statusLabel = (code: string | null | undefined) => labelOf(STATUS_LABELS, code)
export const typeLabel = (code: string | null | undefined) => labelOf(TYPE_LABELS, code)
export const recipientTypeLabel = (code: string | null | undefined) => labelOf(RECIPIENT_TYPE_LABELS, code)

/** The payment methods the giving service records, as people write them. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  ach: 'ACH bank transfer',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
}

/** A payment method code as words: 'ach' -> 'ACH bank transfer'; an unknown code as words ('bank_account' -> 'Bank account'). */
export function paymentMethodLabel(code: string | null | undefined): string {
  const known = PAYMENT_METHOD_LABELS[code ?? '']
  if (known) return known
  const words = (code ?? '').replace(/_/g, ' ').trim()
  return words ? words[0].toUpperCase() + words.slice(1) : ''
}
