/**
 * The audit list's filters as the URL keeps them (`?module=/donor&entity=donor&accountType=Admin
 * &from=2024-03-01&to=2024-03-31`, the actor in the search box) and as the server takes them: the
 * days of the range become inclusive epoch-millisecond bounds of the local day.
 */
import { dayBounds } from '../../lib/day-range'
import type { AuditFilters } from './types'

export const FILTER_NAMES = ['module', 'entity', 'accountType', 'from', 'to'] as const
export type FilterName = (typeof FILTER_NAMES)[number]
export type FilterValues = Record<FilterName, string>

export const ACCOUNT_TYPES = ['Admin', 'Sub Admin', 'Charity Admin', 'Member', 'system'] as const
type AccountType = (typeof ACCOUNT_TYPES)[number]

function isAccountType(value: string): value is AccountType {
  return (ACCOUNT_TYPES as readonly string[]).includes(value)
}

/** The request's filters (only those set); `actor` is the list's search text. */
export function filterBody(values: FilterValues, actor: string): AuditFilters {
  const body: AuditFilters = {}
  if (actor.trim()) body.actor = actor.trim()
  if (values.module) body.module = values.module
  if (values.entity) body.entity = values.entity
  if (isAccountType(values.accountType)) body.accountType = values.accountType
  const days = dayBounds(values.from, values.to)
  if (days.from !== undefined) body.fromDate = days.from
  if (days.to !== undefined) body.toDate = days.to
  return body
}

/** A changed value as the diff shows it: text as it is, objects and lists as pretty JSON, nothing as '-'. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-'
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  return String(value)
}

/** The rows of a record's diff: field | before | after, in field order. */
export function diffRows(changes: unknown): Array<{ field: string; before: string; after: string }> {
  if (!changes || typeof changes !== 'object') return []
  return Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, c]) => ({ field, before: showValue(c?.before), after: showValue(c?.after) }))
}
