import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Badge } from '../types'

/** GET /admin/badge/findBadge/{id}; 404 'Badge not found'. */
export async function getBadge(id: string): Promise<Badge> {
  const res = await apiClient.get<ApiEnvelope<Badge>>(`/admin/badge/findBadge/${encodeURIComponent(id)}`)
  return res.data.data
}
