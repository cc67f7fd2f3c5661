import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Leadership, LeadershipInput } from '../types'

const BASE = '/admin/leadership'
const enc = encodeURIComponent

/** POST listLeadership (any granted action; + isActive to filter); sort 'order' (default, ascending), 'name', 'title', 'createdAt'. */
export const listLeadership = (query: TableQuery & { isActive?: boolean }) =>
  listPage<Leadership>(`${BASE}/listLeadership`, query)

/** GET getLeadership/{id}; 404 'Leadership not found'. */
export async function getLeadership(id: string): Promise<Leadership> {
  const res = await apiClient.get<ApiEnvelope<Leadership>>(`${BASE}/getLeadership/${enc(id)}`)
  return res.data.data
}

/** POST addLeadership (add) -> "Leadership added successfully". */
export async function addLeadership(body: LeadershipInput): Promise<ApiEnvelope<Leadership>> {
  const res = await apiClient.post<ApiEnvelope<Leadership>>(`${BASE}/addLeadership`, body)
  return res.data
}

/** PATCH updateLeadership/{id} (edit) -> "Leadership updated successfully". */
export async function updateLeadership(id: string, body: LeadershipInput): Promise<ApiEnvelope<Leadership>> {
  const res = await apiClient.patch<ApiEnvelope<Leadership>>(`${BASE}/updateLeadership/${enc(id)}`, body)
  return res.data
}

/** DELETE deleteLeadership/{id} (delete) -> "Leadership deleted successfully". */
export async function deleteLeadership(id: string): Promise<ApiEnvelope<null>> {
  const res = await apiClient.delete<ApiEnvelope<null>>(`${BASE}/deleteLeadership/${enc(id)}`)
  return res.data
}

/** The input of an entry as it is (to change one field of it). */
export const inputOf = (row: Leadership): LeadershipInput => ({
  name: row.name,
  title: row.title,
  photo: row.photo,
  biography: row.biography,
  order: row.order,
  isActive: row.isActive,
})
