import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { AuditRecord } from '../types'

/** GET /admin/audit/get/{id}: one record with its changes and the event's payload. */
export async function getAuditRecord(id: string): Promise<AuditRecord> {
  return (await apiClient.get<ApiEnvelope<AuditRecord>>(`/admin/audit/get/${encodeURIComponent(id)}`)).data.data
}
