import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Transaction } from '../types'

/** GET /admin/transaction/get/{id} (view). */
export async function getTransaction(id: string): Promise<Transaction> {
  return (await apiClient.get<ApiEnvelope<Transaction>>(`/admin/transaction/get/${encodeURIComponent(id)}`)).data.data
}
