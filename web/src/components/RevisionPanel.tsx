/**
 * The revisions of a content page (homepage, privacy policy, terms of use, about us, the
 * giving-partner page): every save is listed newest first with its number, author and time.
 * Picking two shows what changed between them, field by field (rich text compared as text
 * lines; added lines marked '+', removed ones '-'). Restore asks with the shared confirmation
 * dialog, then the page is saved again as it was in that revision (a new revision).
 */
import { useMemo, useState, type Key } from 'react'
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Empty, Space, Spin, Tag } from 'antd'
import { Paragraph, Text } from './Text'
import { Card } from './Card'
import { TableView } from './TableView'
import type { ColumnsType } from 'antd/es/table'
import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons'
import { ConfirmDialog } from './ConfirmDialog'
import { formatDate } from '../lib/format'
import { changedFields, type DiffLine, type FieldChange, type RevisionField } from '../lib/text-diff'

export type { RevisionField } from '../lib/text-diff'
import { toast } from '../lib/toast'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../lib/use-media-query'
import type { ApiEnvelope } from '../lib/api-client'

/** A revision as listed (without its document). */
export interface RevisionRow {
  _id: string
  number: number
  authorName: string
  createdAt: number
  restoredFrom: number | null
}

/** The calls of one page's revisions. */
export interface RevisionCalls<P> {
  list: (page: number, limit: number) => Promise<{ rows: RevisionRow[]; total: number }>
  get: (id: string) => Promise<RevisionRow & { document: Record<string, unknown> }>
  restore: (id: string) => Promise<ApiEnvelope<P>>
}

export interface RevisionPanelProps<P> {
  /** The cache key of the list (its area first); the current revision completes it. */
  queryKey: QueryKey
  calls: RevisionCalls<P>
  fields: RevisionField[]
  /** The page's current revision number: a new one lists again. */
  current: number
  /** Whether the user may restore (the page's edit right). */
  canRestore: boolean
  /** The page as it is after a restore. */
  onRestored: (page: P) => void
}

const PAGE_SIZE = 10

const LINE_STYLE: Record<DiffLine['kind'], React.CSSProperties> = {
  same: { color: 'rgba(0,0,0,0.65)' },
  added: { background: '#e6f4ea', color: '#135200' },
  removed: { background: '#fdecea', color: '#a8071a', textDecoration: 'line-through' },
}
const MARK: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '-' }

function DiffView({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <Text type="secondary">No differences.</Text>
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {changes.map(({ field, lines }) => (
        <section key={field.key} aria-label={`Changes in ${field.label}`}>
          <Text strong>{field.label}</Text>
          <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, fontFamily: 'monospace', fontSize: 13 }}>
            {lines.map((line, i) => (
              <li
                key={i}
                data-diff={line.kind}
                aria-label={
                  line.kind === 'same' ? undefined : `${line.kind === 'added' ? 'Added' : 'Removed'}: ${line.text}`
                }
                style={{
                  ...LINE_STYLE[line.kind],
                  padding: '2px 6px',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {MARK[line.kind]} {line.text}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Space>
  )
}

export function RevisionPanel<P>({ queryKey, calls, fields, current, canRestore, onRestored }: RevisionPanelProps<P>) {
  const client = useQueryClient()
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const [page, setPage] = useState(1)
  const [picked, setPicked] = useState<RevisionRow[]>([])
  const [restoring, setRestoring] = useState<RevisionRow | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)

  const list = useQuery({
    queryKey: [...queryKey, 'revisions', current, page],
    queryFn: () => calls.list(page, PAGE_SIZE),
    placeholderData: (previous) => previous,
  })

  // The two picked revisions, older first.
  const [older, newer] = useMemo(() => [...picked].sort((a, b) => a.number - b.number), [picked])
  const comparing = picked.length === 2
  const olderDoc = useQuery({
    queryKey: [...queryKey, 'revision', older?._id],
    queryFn: () => calls.get(older._id),
    enabled: comparing,
  })
  const newerDoc = useQuery({
    queryKey: [...queryKey, 'revision', newer?._id],
    queryFn: () => calls.get(newer._id),
    enabled: comparing,
  })
  const changes = useMemo(
    () =>
      olderDoc.data && newerDoc.data
        ? changedFields(fields, olderDoc.data.document ?? {}, newerDoc.data.document ?? {})
        : null,
    [olderDoc.data, newerDoc.data, fields],
  )

  const numberCell = (row: RevisionRow) => (
    <Space size={4} wrap>
      <span>#{row.number}</span>
      {row.number === current && <Tag color="green">Current</Tag>}
      {row.restoredFrom !== null && row.restoredFrom !== undefined && <Tag>Restored from #{row.restoredFrom}</Tag>}
    </Space>
  )
  // On a phone the author and time go under the number: the row fits, Restore stays in view.
  const columns: ColumnsType<RevisionRow> = small
    ? [
        {
          title: 'Revision',
          key: 'number',
          render: (_, row) => (
            <>
              {numberCell(row)}
              <Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row.authorName || '-'}, {formatDate(row.createdAt)}
              </Text>
            </>
          ),
        },
      ]
    : [
        { title: 'Revision', key: 'number', render: (_, row) => numberCell(row) },
        { title: 'Author', key: 'authorName', dataIndex: 'authorName', render: (name: string) => name || '-' },
        { title: 'Time', key: 'createdAt', render: (_, row) => formatDate(row.createdAt) },
      ]
  if (canRestore) {
    columns.push({
      title: 'Action',
      key: 'action',
      render: (_, row) =>
        row.number === current ? null : (
          <Button
            size="small"
            type="link"
            style={{ paddingInline: 0 }}
            icon={<RollbackOutlined />}
            aria-label={`Restore revision ${row.number}`}
            onClick={() => {
              setRestoring(row)
              setConfirmOpen(true)
            }}
          >
            Restore
          </Button>
        ),
    })
  }

  const restore = async () => {
    if (!restoring) return
    try {
      const res = await calls.restore(restoring._id)
      toast.success(res.message || 'Success')
      setPicked([])
      onRestored(res.data)
      await client.invalidateQueries({ queryKey: [...queryKey, 'revisions'] })
    } finally {
      setConfirmOpen(false)
    }
  }

  const pickedKeys: Key[] = picked.map((r) => r._id)
  const rows = list.data?.rows ?? []
  // Two revisions are compared: a third can be picked once one of them is let go.
  const pickColumn: ColumnsType<RevisionRow>[number] = {
    key: 'pick',
    width: 48,
    render: (_, row) => {
      const chosen = pickedKeys.includes(row._id)
      return (
        <Checkbox
          checked={chosen}
          disabled={picked.length >= 2 && !chosen}
          aria-label={`Pick revision ${row.number}`}
          onChange={(event) =>
            setPicked((now) =>
              event.target.checked
                ? [...now.filter((r) => r._id !== row._id), row].slice(-2)
                : now.filter((r) => r._id !== row._id),
            )
          }
        />
      )
    },
  }

  return (
    <Card
      title={
        <Space>
          <HistoryOutlined />
          Revisions
        </Space>
      }
      size="small"
    >
      <Paragraph type="secondary" style={{ fontSize: 13 }}>
        Pick two revisions to see what changed between them.
      </Paragraph>
      {!list.isPending && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No revisions yet" />
      ) : (
        <TableView<RevisionRow>
          size="small"
          aria-label="Revisions"
          rowKey="_id"
          columns={[pickColumn, ...columns]}
          rows={rows}
          loading={list.isFetching}
          scrollX
          empty="No revisions yet"
          paging={
            (list.data?.total ?? 0) > PAGE_SIZE
              ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }
              : undefined
          }
        />
      )}
      {comparing && (
        <div style={{ marginTop: 16 }} aria-label="Differences" role="region">
          <Space style={{ marginBottom: 8 }} wrap>
            <Text strong>
              Changes from #{older.number} to #{newer.number}
            </Text>
            <Button size="small" onClick={() => setPicked([])}>
              Clear
            </Button>
          </Space>
          {olderDoc.isError || newerDoc.isError ? (
            <Alert type="error" title="The revisions could not be loaded." />
          ) : changes ? (
            <DiffView changes={changes} />
          ) : (
            <Spin aria-label="Loading revisions" />
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Are you sure you want to restore this revision ?"
        text={
          restoring ? `The page goes back to revision #${restoring.number}; this becomes a new revision.` : undefined
        }
        onConfirm={restore}
        onCancel={() => setConfirmOpen(false)}
      />
    </Card>
  )
}
