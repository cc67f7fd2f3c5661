import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Faq, FaqInput } from '../types'

const BASE = '/admin/faq'
const enc = encodeURIComponent

/** POST list (+ categoryId when one is chosen); sort 'order' (default), 'question', 'createdAt'; search question. */
export const listFaqs = (query: TableQuery & { categoryId?: string }) => listPage<Faq>(`${BASE}/list`, query)

/** GET get/{id}; 404 'FAQ not found'. */
export async function getFaq(id: string): Promise<Faq> {
  const res = await apiClient.get<ApiEnvelope<Faq>>(`${BASE}/get/${enc(id)}`)
  return res.data.data
}

/** POST create (add) -> "FAQ created successfully". */
export async function createFaq(body: FaqInput): Promise<ApiEnvelope<Faq>> {
  const res = await apiClient.post<ApiEnvelope<Faq>>(`${BASE}/create`, body)
  return res.data
}

/** PATCH update/{id} (edit). */
export async function updateFaq(id: string, body: FaqInput): Promise<ApiEnvelope<Faq>> {
  const res = await apiClient.patch<ApiEnvelope<Faq>>(`${BASE}/update/${enc(id)}`, body)
  return res.data
}

/** DELETE delete/{id} (delete) -> "FAQ deleted successfully". */
export async function deleteFaq(id: string): Promise<ApiEnvelope<null>> {
  const res = await apiClient.delete<ApiEnvelope<null>>(`${BASE}/delete/${enc(id)}`)
  return res.data
}

export const inputOf = (row: Faq): FaqInput => ({
  categoryId: row.categoryId,
  question: row.question,
  answer: row.answer,
  order: row.order,
  isActive: row.isActive,
})
