import { apiClient } from '../../../lib/api-client'
import { binaryOrJson, saveBlob } from '../../../lib/download'
import type { SortOrder } from '../../../lib/list-page'
import type { TransactionFilters } from '../types'

export interface ExportTransactionsQuery extends TransactionFilters {
  search: string
  column: string
  order: SortOrder
}

export const TRANSACTIONS_EXPORT_FILE = 'transactions.xlsx'
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * POST /admin/transaction/TransactionList-excel with the list's search, sort and filters: the
 * .xlsx as a Blob. `onProgress` hears the bytes received (and the size, when the answer says it).
 */
export async function fetchTransactionsExcel(
  query: ExportTransactionsQuery,
  onProgress?: (loaded: number, total?: number) => void,
): Promise<Blob> {
  const res = await apiClient.post<Blob>('/admin/transaction/TransactionList-excel', query, {
    responseType: 'arraybuffer',
    transformResponse: binaryOrJson(XLSX_TYPE),
    onDownloadProgress: (e) => onProgress?.(e.loaded, e.total),
  })
  return res.data
}

/** Downloads the transactions of the list's current search, sort and filters, saved as transactions.xlsx. */
export async function exportTransactions(
  query: ExportTransactionsQuery,
  onProgress?: (loaded: number, total?: number) => void,
): Promise<void> {
  saveBlob(await fetchTransactionsExcel(query, onProgress), TRANSACTIONS_EXPORT_FILE)
}
