/**
 * Transactions as the BFF returns them (generated from /api-docs/openapi.json, module
 * /transaction). Money is in integer cents, rates in basis points (290 = 2.90 %), times in epoch
 * milliseconds.
 */
import type { components } from '../../api/schema'

import type { RecipientType, TransactionStatus, TransactionType } from '../../lib/transaction-labels'

export type { RecipientType, TransactionStatus, TransactionType } from '../../lib/transaction-labels'

/**
 * A transaction (generated `Transaction`). `status`, `type` and `recipientType` are plain text there
 * (the unions above name the values the BFF sends); `refundedAt` is 0 when not refunded.
 */
export type Transaction = components['schemas']['Transaction']

/**
 * The filters of POST /admin/transaction/transactionList and TransactionList-excel (absent: any):
 * the generated `TransactionListBody`'s, with the values the filter selects offer. `from` and `to`
 * are epoch milliseconds, inclusive (the start of the first day, the end of the last).
 */
export type TransactionFilters = Pick<
  components['schemas']['TransactionListBody'],
  'from' | 'to' | 'recipientId' | 'donorId'
> & {
  status?: TransactionStatus
  type?: TransactionType
  recipientType?: RecipientType
}

/** The name a deleted donor's transactions keep. */
export const DELETED_DONOR = 'Deleted donor'
