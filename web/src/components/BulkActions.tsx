/**
 * The selection bar's bulk actions (issue 36 section 2), fetched when a list's first row is
 * selected (every screen's first load has a budget): Activate / Deactivate, Approve / Reject (one
 * reason for all), Delete — those the user holds (lib/bulk.ts) — and Export. One confirm names how
 * many rows; the rows go to POST /admin/bulk in batches of 500 ("all matching": collected from the
 * list page by page first, at most 10,000; more runs as a job on the server, /admin/bulk/jobs, its
 * progress shown); then a summary toast, the refused rows with their reasons (BulkReport, above
 * the list), and the list refreshes.
 *
 * Export writes the selected rows as a CSV (`<list>-<date>.csv`) with the list's columns' titles and
 * the text each cell shows.
 */
import { useState, type ReactNode } from 'react'
import { Alert, Button, Progress, Space } from 'antd'
import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, PoweroffOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table/interface'
import { ConfirmDialog, type ConfirmValues } from './ConfirmDialog'
import type { Selection } from './selection'
import type { TablePage, TableQuery } from '../lib/list-page'
import { bulkVerbs } from '../lib/bulk'
import { useRefresh } from '../lib/query'
import { useAccess } from '../lib/session'
import { toast } from '../lib/toast'
import {
  BULK_MATCHING,
  bulkSummary,
  bulkTitle,
  collectMatching,
  csvName,
  jobThreshold,
  refusalLines,
  ROW,
  runBulk,
  runJob,
  toCsv,
  type BulkResult,
  type BulkRow,
  type Choice,
} from './bulk-run'

export type { BulkResult, BulkRow } from './bulk-run'

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

// ---- the bar's buttons ----

export interface BulkActionsProps<T extends BulkRow> {
  module: string
  /** The list's name: the CSV's file name. */
  list: string
  /** The list's area (lib/query.ts): refreshed after an action. */
  area: string
  selection: Selection<T>
  clear: () => void
  columns: ColumnsType<T>
  fetch: (query: TableQuery) => Promise<TablePage<T>>
  search: string
  nameOf: (row: T) => string
  /** The list path's filters besides the search ({}: none): a job may run with them (ListCard's `bulk.filter`). */
  filter?: Record<string, unknown>
  /** Shows what was refused above the list (null: nothing). */
  report: (result: BulkResult | null) => void
}

/** What a list gives for its bulk actions (the selection's `bulk`). */
export type BulkOptions = Omit<BulkActionsProps<BulkRow>, 'selection' | 'clear' | 'report'>

export default function BulkActions<T extends BulkRow>({
  module,
  list,
  area,
  selection,
  clear,
  columns,
  fetch,
  search,
  nameOf,
  filter,
  report,
}: BulkActionsProps<T>) {
  const { can } = useAccess()
  const verbs = bulkVerbs(module, can)
  const refreshArea = useRefresh(area)
  const refresh = () => void refreshArea()
  const [asked, setAsked] = useState<Choice | null>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const overLimit = selection.all && selection.count > BULK_MATCHING
  // Over the job threshold with a known filter: a job on the server; else the console acts on
  // what it collects (at most BULK_MATCHING rows), and the confirm says that number.
  const count = overLimit && !filter ? BULK_MATCHING : selection.count
  const asJob = async () => selection.all && filter !== undefined && selection.count > (await jobThreshold())

  const rowsOf = async (): Promise<T[]> => (selection.all ? collectMatching(fetch, search) : selection.rows)

  const act = async (choice: Choice, values: ConfirmValues) => {
    const body = { module, action: choice.verb, isActive: choice.isActive, reason: values.reason?.trim() }
    setProgress({ done: 0, total: selection.count })
    try {
      if (await asJob()) {
        const job = await runJob({ ...body, filter: { ...filter, search } }, (done, total) =>
          setProgress({ done, total }),
        )
        if (job.state === 'failed') throw new Error(job.message)
        toast.success(job.message)
        report(
          job.refusedCount > 0
            ? { title: `${job.refusedCount} refused`, lines: refusalLines(job.refused, new Map()) }
            : null,
        )
        return
      }
      const rows = await rowsOf()
      const outcome = await runBulk(
        body,
        rows.map((r) => r._id),
        (done) => setProgress({ done, total: rows.length }),
      )
      const message = bulkSummary(rows.length, outcome, outcome.message)
      if (outcome.refused.length) toast.warning(message)
      else toast.success(message)
      const names = new Map(rows.map((r) => [r._id, nameOf(r)]))
      report(
        outcome.refused.length
          ? { title: `Not done: ${ROW(outcome.refused.length)}`, lines: refusalLines(outcome.refused, names) }
          : null,
      )
    } catch (e) {
      // The request client has shown a refused call; a failed job says why.
      if (e instanceof Error && e.message && !('response' in e)) toast.error(e.message)
    } finally {
      setProgress(null)
      setAsked(null)
      clear()
      refresh()
    }
  }

  const exportRows = async () => {
    if (overLimit) {
      toast.warning(`Export takes ${BULK_MATCHING.toLocaleString('en-US')} rows at most: narrow the search or filter`)
      return
    }
    try {
      const rows = await rowsOf()
      download(csvName(list), toCsv(columns, rows))
    } catch {
      // The request client has shown the failure.
    }
  }

  const button = (choice: Choice, label: string, icon: ReactNode, danger = false) => (
    <Button key={label} danger={danger} icon={icon} onClick={() => setAsked(choice)} disabled={progress !== null}>
      {label}
    </Button>
  )

  return (
    <Space wrap>
      {verbs.includes('status') && button({ verb: 'status', isActive: true }, 'Activate', <PoweroffOutlined />)}
      {verbs.includes('status') && button({ verb: 'status', isActive: false }, 'Deactivate', <PoweroffOutlined />)}
      {verbs.includes('approve') && button({ verb: 'approve' }, 'Approve', <CheckOutlined />)}
      {verbs.includes('reject') && button({ verb: 'reject' }, 'Reject', <CloseOutlined />, true)}
      {verbs.includes('delete') && button({ verb: 'delete' }, 'Delete', <DeleteOutlined />, true)}
      <Button icon={<DownloadOutlined />} onClick={() => void exportRows()} disabled={progress !== null}>
        Export
      </Button>
      {progress && (
        <Progress
          aria-label="Bulk action progress"
          style={{ width: 160 }}
          percent={progress.total ? Math.floor((progress.done * 100) / progress.total) : 0}
          size="small"
        />
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? bulkTitle(asked, count, module) : ''}
        withReason={asked?.verb === 'reject'}
        onConfirm={(values) => (asked ? act(asked, values) : undefined)}
        onCancel={() => setAsked(null)}
      />
    </Space>
  )
}

/** What the last bulk action refused, above the list, until closed. */
export function BulkReport({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  return (
    <Alert
      style={{ marginBottom: 16 }}
      role="alert"
      type="warning"
      closable={{ 'aria-label': 'Close the refusals' }}
      onClose={onClose}
      title={result.title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {result.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    />
  )
}
