import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { AuditVerification } from '../types'

/** GET /admin/audit/verify: walks the hash chain; names the first broken link. */
export async function verifyAudit(): Promise<AuditVerification> {
  return (await apiClient.get<ApiEnvelope<AuditVerification>>('/admin/audit/verify')).data.data
}
