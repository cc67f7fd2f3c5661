import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Badge, BadgeBody } from '../types'

/** PATCH /admin/badge/badgeUpdate/{id} (edit); 400 names the failing field. */
export async function updateBadge(id: string, body: BadgeBody): Promise<ApiEnvelope<Badge>> {
  const res = await apiClient.patch<ApiEnvelope<Badge>>(`/admin/badge/badgeUpdate/${encodeURIComponent(id)}`, body)
  return res.data
}
