import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface UpdateCategoryBody {
  name: string
}

/** PATCH /admin/charity-category/update/{id} { name } (edit). */
export async function updateCategory(id: string, body: UpdateCategoryBody): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.patch<ApiEnvelope<unknown>>(
    `/admin/charity-category/update/${encodeURIComponent(id)}`,
    body,
  )
  return res.data
}
