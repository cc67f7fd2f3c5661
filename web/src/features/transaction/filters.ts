/**
 * The transaction list's filters as the URL keeps them (`?from=2024-03-01&to=2024-03-31&status=
 * succeeded&type=recurring&recipientType=charity`) and as the server takes them: the days of the
 * range become inclusive epoch-millisecond bounds of the local day (start of `from`, end of `to`).
 * A value the URL holds that is not one of the allowed ones is ignored.
 */
import { dayBounds } from '../../lib/day-range'
import type { RecipientType, TransactionFilters, TransactionStatus, TransactionType } from './types'
import { RECIPIENT_TYPE_LABELS, STATUS_LABELS, TYPE_LABELS } from '../../lib/transaction-labels'

export const FILTER_NAMES = ['from', 'to', 'status', 'type', 'recipientType'] as const
export type FilterName = (typeof FILTER_NAMES)[number]
export type FilterValues = Record<FilterName, string>

const oneOf = <K extends string>(labels: Record<K, string>, text: string): K | undefined =>
  Object.prototype.hasOwnProperty.call(labels, text) ? (text as K) : undefined

/** The request's filters (only those set). */
export function filterBody(values: FilterValues): TransactionFilters {
  const body: TransactionFilters = {}
  Object.assign(body, dayBounds(values.from, values.to))
  const status = oneOf<TransactionStatus>(STATUS_LABELS, values.status)
  if (status) body.status = status
  const type = oneOf<TransactionType>(TYPE_LABELS, values.type)
  if (type) body.type = type
  const recipientType = oneOf<RecipientType>(RECIPIENT_TYPE_LABELS, values.recipientType)
  if (recipientType) body.recipientType = recipientType
  return body
}

/** Select options of a code table. */
export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))
