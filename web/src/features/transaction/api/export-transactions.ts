import { apiClient } from '../../../lib/api-client'
import { fileAnswer, saveBlob, type OnDownloadProgress } from '../../../lib/download'
import type { SortOrder } from '../../../lib/list-page'
import type { TransactionFilters } from '../types'

export interface ExportTransactionsQuery extends TransactionFilters {
  search: string
  column: string
  order: SortOrder
}

export const TRANSACTIONS_EXPORT_FILE = 'transactions.xlsx'

/**
 * POST /admin/transaction/TransactionList-excel with the list's search, sort and filters: the
 * .xlsx as a Blob. `onProgress` hears the bytes received (and the size, when the answer says it).
 */
export async function fetchTransactionsExcel(
  query: ExportTransactionsQuery,
  onProgress?: OnDownloadProgress,
): Promise<Blob> {
  const res = await apiClient.post<Blob>('/admin/transaction/TransactionList-excel', query, fileAnswer(onProgress))
  return res.data
}

/** Downloads the transactions of the list's current search, sort and filters, saved as transactions.xlsx. */
export async function exportTransactions(
  query: ExportTransactionsQuery,
  onProgress?: OnDownloadProgress,
): Promise<void> {
  saveBlob(await fetchTransactionsExcel(query, onProgress), TRANSACTIONS_EXPORT_FILE)
}
