/**
 * The audit trail as the BFF returns it (generated from /api-docs/openapi.json; /audit_log,
 * the main admin's only). Times in epoch milliseconds; `changes` is `{ field: { before, after } }`.
 */
import type { components } from '../../api/schema'

export type AuditRecord = components['schemas']['AuditRecord']
export type AuditVerification = components['schemas']['Verification']
export type AuditFilterOptions = components['schemas']['Filters']

/** One changed field of a record. */
export interface FieldChange {
  before: unknown
  after: unknown
}

/**
 * The filters of POST /admin/audit/auditList and auditList-excel (absent: any): `actor` is an
 * account id or part of an admin's name or email, or of the address; `fromDate`/`toDate` are
 * inclusive epoch-millisecond bounds.
 */
export type AuditFilters = Pick<
  components['schemas']['AuditListBody'],
  'actor' | 'accountType' | 'module' | 'entity' | 'entityId' | 'fromDate' | 'toDate'
>
