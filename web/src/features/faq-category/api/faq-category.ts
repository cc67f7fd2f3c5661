import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { FaqCategory } from '../types'

const BASE = '/admin/faq-category'
const enc = encodeURIComponent

/** POST list (FAQ or FAQ category rights); sort 'order' (default), 'name', 'createdAt'; search name. */
export const listFaqCategories = (query: TableQuery) => listPage<FaqCategory>(`${BASE}/list`, query)

/** POST create { name, description } (add) -> "FAQ category created successfully"; 409 'Category already exists'. */
export async function createFaqCategory(body: {
  name: string
  description: string
}): Promise<ApiEnvelope<FaqCategory>> {
  const res = await apiClient.post<ApiEnvelope<FaqCategory>>(`${BASE}/create`, body)
  return res.data
}

/** PATCH update/{id} { name } (edit) -> "FAQ category updated successfully". */
export async function updateFaqCategory(id: string, body: { name: string }): Promise<ApiEnvelope<FaqCategory>> {
  const res = await apiClient.patch<ApiEnvelope<FaqCategory>>(`${BASE}/update/${enc(id)}`, body)
  return res.data
}

/** DELETE delete/{id} (delete); 409 while it holds FAQs. */
export async function deleteFaqCategory(id: string): Promise<ApiEnvelope<null>> {
  const res = await apiClient.delete<ApiEnvelope<null>>(`${BASE}/delete/${enc(id)}`)
  return res.data
}

/** GET get/{id}; 404 'FAQ category not found'. */
export async function getFaqCategory(id: string): Promise<FaqCategory> {
  const res = await apiClient.get<ApiEnvelope<FaqCategory>>(`${BASE}/get/${enc(id)}`)
  return res.data.data
}
