import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { AuditFilterOptions } from '../types'

/** GET /admin/audit/filters: the modules and entities present (the filter selects). */
export async function auditFilterOptions(): Promise<AuditFilterOptions> {
  return (await apiClient.get<ApiEnvelope<AuditFilterOptions>>('/admin/audit/filters')).data.data
}
