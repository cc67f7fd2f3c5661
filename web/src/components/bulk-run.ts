/**
 * The work of the selection bar's bulk actions (components/BulkActions.tsx; fetched with it): the
 * confirm's titles, the calls to /admin/bulk in batches and to /admin/bulk/jobs, "all matching"
 * collected from the list, the summary, and the CSV of the selected rows.
 */
import { isValidElement } from 'react'
import type { ColumnsType, ColumnType } from 'antd/es/table/interface'
import { apiClient, type ApiEnvelope } from '../lib/api-client'
import type { TablePage, TableQuery } from '../lib/list-page'
import type { BulkVerb } from '../lib/bulk'
import { hasTrash } from '../lib/modules'

/** Rows one /admin/bulk call takes (the server's limit). */
export const BULK_BATCH = 500
/** The most rows "all matching" exports (and acts on from the console, unless the server says less). */
export const BULK_MATCHING = 10_000

let threshold: Promise<number> | null = null

/**
 * Rows over which a bulk action runs as a job on the server: GET /auth/metaData's
 * `bulkJobThreshold` (BULK_JOB_THRESHOLD, 10,000 by default), asked once.
 */
export function jobThreshold(): Promise<number> {
  threshold ??= apiClient
    .get<ApiEnvelope<{ bulkJobThreshold?: number }>>('/auth/metaData', { skipErrorToast: true })
    .then((res) => Math.min(BULK_MATCHING, res.data.data?.bulkJobThreshold || BULK_MATCHING))
    .catch(() => {
      threshold = null
      return BULK_MATCHING
    })
  return threshold
}
/** Rows asked per page while collecting "all matching". */
const COLLECT_PAGE = 500

export interface BulkRow {
  _id: string
}

/** A refused row and the server's reason. */
export interface BulkRefusal {
  _id: string
  message: string
}

export interface BulkOutcome {
  done: string[]
  refused: BulkRefusal[]
}

/** What a bulk action did, for the summary above the list. */
export interface BulkResult {
  title: string
  lines: string[]
}

/** A button of the bar: 'status' offers both Activate and Deactivate. */
export type Choice = { verb: BulkVerb; isActive?: boolean }

export const ROW = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`

/** The confirm's title: 'Deactivate 12 rows?', 'Delete 3 rows? They go to the Trash.' */
export function bulkTitle(choice: Choice, count: number, module: string): string {
  switch (choice.verb) {
    case 'status':
      return `${choice.isActive ? 'Activate' : 'Deactivate'} ${ROW(count)}?`
    case 'delete':
      return hasTrash(module) ? `Delete ${ROW(count)}? They go to the Trash.` : `Delete ${ROW(count)}?`
    case 'approve':
      return `Approve ${ROW(count)}?`
    case 'reject':
      return `Reject ${ROW(count)}?`
  }
}

/** The summary of several batches: the single-row message when one row was asked and done. */
export function bulkSummary(asked: number, outcome: BulkOutcome, lastMessage: string): string {
  const refused = outcome.refused.length
  if (refused === 0) return asked === 1 ? lastMessage : `${outcome.done.length} of ${asked} done`
  return `${outcome.done.length} of ${asked} done, ${refused} refused`
}

/** Each refused row named: 'Ada Lovelace: Donor not found'. */
export function refusalLines(refused: BulkRefusal[], names: Map<string, string>): string[] {
  return refused.map((r) => `${names.get(r._id) ?? r._id}: ${r.message}`)
}

/** POST /admin/bulk for each batch of 500 ids; what each did, summed up. */
export async function runBulk(
  body: { module: string; action: BulkVerb; isActive?: boolean; reason?: string },
  ids: string[],
  onProgress?: (done: number) => void,
): Promise<BulkOutcome & { message: string }> {
  const outcome = { message: '', done: [] as string[], refused: [] as BulkRefusal[] }
  for (let start = 0; start < ids.length; start += BULK_BATCH) {
    const batch = ids.slice(start, start + BULK_BATCH)
    const res = (await apiClient.post<ApiEnvelope<BulkOutcome>>('/admin/bulk', { ...body, ids: batch })).data
    outcome.message = res.message
    outcome.done.push(...(res.data?.done ?? []))
    outcome.refused.push(...(res.data?.refused ?? []))
    onProgress?.(Math.min(ids.length, start + batch.length))
  }
  return outcome
}

/** Every row the list's filter matches, at most BULK_MATCHING. */
export async function collectMatching<T>(
  fetch: (query: TableQuery) => Promise<TablePage<T>>,
  search: string,
): Promise<T[]> {
  const found: T[] = []
  for (let page = 1; found.length < BULK_MATCHING; page += 1) {
    const { rows, total } = await fetch({ page, limit: COLLECT_PAGE, search, column: '', order: '' })
    found.push(...rows)
    if (rows.length < COLLECT_PAGE || found.length >= total) break
  }
  return found.slice(0, BULK_MATCHING)
}

/** A bulk job's progress (GET /admin/bulk/jobs/{id}). */
export interface BulkJob {
  _id: string
  state: 'running' | 'done' | 'failed'
  total: number
  done: number
  refusedCount: number
  refused: BulkRefusal[]
  message: string
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts a job over the list's filter and polls it every second until it ends. */
export async function runJob(
  body: { module: string; action: BulkVerb; isActive?: boolean; reason?: string; filter: Record<string, unknown> },
  onProgress: (done: number, total: number) => void,
): Promise<BulkJob> {
  let job = (await apiClient.post<ApiEnvelope<BulkJob>>('/admin/bulk/jobs', body)).data.data
  while (job.state === 'running') {
    onProgress(job.done + job.refusedCount, job.total)
    await wait(1000)
    job = (await apiClient.get<ApiEnvelope<BulkJob>>(`/admin/bulk/jobs/${job._id}`)).data.data
  }
  return job
}

// ---- export ----

/** The text a rendered cell shows (its strings, through its elements' children). */
export function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement(node)) {
    const props = node.props as { children?: unknown; active?: boolean }
    // A status switch shows its state.
    if (typeof props.active === 'boolean' && props.children === undefined) return props.active ? 'Active' : 'Inactive'
    return textOf(props.children)
  }
  return ''
}

const SKIPPED = new Set(['action', 'select'])

/** A CSV of `rows` as the table shows them: the columns' titles, then each cell's text. */
export function toCsv<T>(columns: ColumnsType<T>, rows: T[]): string {
  const shown = (columns as Array<ColumnType<T>>).filter((c) => !SKIPPED.has(String(c.key ?? '')))
  const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
  const valueOf = (c: ColumnType<T>, row: T) => {
    const index = c.dataIndex
    return typeof index === 'string' || typeof index === 'number'
      ? (row as Record<string | number, unknown>)[index]
      : undefined
  }
  const lines = [shown.map((c) => cell(textOf(typeof c.title === 'function' ? '' : c.title))).join(',')]
  rows.forEach((row, i) => {
    lines.push(
      shown
        .map((c) => {
          const value = valueOf(c, row)
          if (c.key === 'status' && typeof (row as { isActive?: unknown }).isActive === 'boolean') {
            return cell((row as { isActive: boolean }).isActive ? 'Active' : 'Inactive')
          }
          return cell(textOf(c.render ? c.render(value, row, i) : value))
        })
        .join(','),
    )
  })
  return `${lines.join('\r\n')}\r\n`
}

/** `<list>-<date>.csv`, the date as YYYY-MM-DD. */
export function csvName(list: string, now = new Date()): string {
  const slug =
    list
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'list'
  return `${slug}-${now.toISOString().slice(0, 10)}.csv`
}
