import { apiClient } from '../../../lib/api-client'
import { fileAnswer, saveBlob, type OnDownloadProgress } from '../../../lib/download'
import type { AuditFilters } from '../types'

export const AUDIT_EXPORT_FILE = 'audit-log.xlsx'

/** POST /admin/audit/auditList-excel with the list's filters: every matching record, newest first, saved as audit-log.xlsx. */
export async function exportAudit(query: AuditFilters, onProgress?: OnDownloadProgress): Promise<void> {
  const res = await apiClient.post<Blob>('/admin/audit/auditList-excel', query, fileAnswer(onProgress))
  saveBlob(res.data, AUDIT_EXPORT_FILE)
}
