import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface Invitation {
  userId: string
  email: string
  /** When the link stops working, epoch milliseconds. */
  expiresAt: number
}

/** POST /admin/charity/inviteAdmin/{id} (main admin): mails the admin contact a new link to set its password. */
export async function inviteAdmin(id: string): Promise<ApiEnvelope<Invitation>> {
  const res = await apiClient.post<ApiEnvelope<Invitation>>(`/admin/charity/inviteAdmin/${encodeURIComponent(id)}`, {})
  return res.data
}
