import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Transaction, TransactionFilters } from '../types'

/** POST /admin/transaction/transactionList (view): the list query and its filters; sort createdAt, amountCents, donorName, recipientName, status. */
export const listTransactions = (query: TableQuery & TransactionFilters) =>
  listPage<Transaction>('/admin/transaction/transactionList', query)
