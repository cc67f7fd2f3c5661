import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { ContactMessage } from '../types'

/**
 * POST /admin/ContactUs (view) with the list query (+ isRead when filtered): newest first; sort
 * 'createdAt', 'name', 'email', 'subject'; search name, email or subject.
 */
export const listContactMessages = (query: TableQuery & { isRead?: boolean }) =>
  listPage<ContactMessage>('/admin/ContactUs', query)

/** GET /admin/ContactUs/getContactUs/{id} (view): the first opening marks it read. */
export async function getContactMessage(id: string): Promise<ContactMessage> {
  const res = await apiClient.get<ApiEnvelope<ContactMessage>>(
    `/admin/ContactUs/getContactUs/${encodeURIComponent(id)}`,
  )
  return res.data.data
}

/** DELETE /admin/ContactUs/delete/{id} (delete) -> 'Contact message deleted successfully': it goes to the trash. */
export async function deleteContactMessage(id: string): Promise<ApiEnvelope<null>> {
  return (await apiClient.delete<ApiEnvelope<null>>(`/admin/ContactUs/delete/${encodeURIComponent(id)}`)).data
}
