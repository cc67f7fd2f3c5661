import { apiClient } from '../../../lib/api-client'
import { binaryOrJson, saveBlob } from '../../../lib/download'
import type { AuditFilters } from '../types'

export const AUDIT_EXPORT_FILE = 'audit-log.xlsx'
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** POST /admin/audit/auditList-excel with the list's filters: every matching record, newest first, saved as audit-log.xlsx. */
export async function exportAudit(
  query: AuditFilters,
  onProgress?: (loaded: number, total?: number) => void,
): Promise<void> {
  const res = await apiClient.post<Blob>('/admin/audit/auditList-excel', query, {
    responseType: 'arraybuffer',
    transformResponse: binaryOrJson(XLSX_TYPE),
    onDownloadProgress: (e) => onProgress?.(e.loaded, e.total),
  })
  saveBlob(res.data, AUDIT_EXPORT_FILE)
}
