import { listPage, type TableQuery } from '../../../lib/list-page'
import type { AuditFilters, AuditRecord } from '../types'

/** POST /admin/audit/auditList (main admin): newest first, with the filters. */
export const listAudit = (query: TableQuery & AuditFilters) => listPage<AuditRecord>('/admin/audit/auditList', query)
