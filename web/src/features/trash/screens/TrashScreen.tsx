/**
 * /trash (issue 36): the deleted records of every module with a trash (modules.json `trash`) the
 * user may delete in, newest first, searched by name and filtered by module (in the URL, like
 * every list). Each row is restored or deleted for good after a confirmation; rows are selected
 * (or all that match) and restored or deleted for good at once, in batches of 500, with a summary
 * of what was refused and why. Records wait here 30 days (`purgeAt`), then are deleted for good.
 */
import { useMemo, useState } from 'react'
import { Alert, Button, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { FilterSelects, type FilterChoice } from '../../../components/FilterSelects'
import { ListCard } from '../../../components/ListCard'
import { dateColumn, RESTORE_TITLE } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import type { Selection } from '../../../components/useSelection'
import { formatDate } from '../../../lib/format'
import { useListFilters, useListView } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { findModule, TRASH_MODULES } from '../../../lib/modules'
import { refreshAreas } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { restoreFromTrash, trashKey, type TrashItem, type TrashRefusal } from '../../../lib/trash'
import { listTrash, purgeFromTrash } from '../api/trash'
import { collectMatching, inBatches, MAX_MATCHING, refusalLines, summary, type TrashVerb } from '../bulk'

const PURGE_TITLE = 'Are you sure you want to Delete for good ? This cannot be undone.'
const FILTERS = ['module'] as const
const NEWEST_FIRST = { column: 'deletedAt', order: 'desc' } as const

const moduleTitle = (slug: string) => findModule(slug)?.title ?? slug
const nameOf = (row: TrashItem) => row.name

export default function TrashScreen() {
  const { can } = useAccess()
  const client = useQueryClient()
  const [filters, setFilters] = useListFilters(FILTERS)
  const [view] = useListView()
  const { ask, dialog } = useConfirmAction()
  const [refused, setRefused] = useState<{ verb: TrashVerb; lines: string[] } | null>(null)

  // The modules the user may restore in (the delete right), in the table's order.
  const allowed = TRASH_MODULES.filter((m) => can(m.slug, 'delete'))
  const chosen = allowed.some((m) => m.slug === filters.module) ? filters.module : ''
  const modules = useMemo(() => (chosen ? [chosen] : []), [chosen])

  // The module lists a restore or purge changes are asked again, wherever they are kept.
  const afterChange = () => {
    void refreshAreas(client, ['trash'])
    client.removeQueries({ type: 'inactive' })
  }

  const act = async (verb: TrashVerb, items: TrashItem[]) => {
    const call = verb === 'restore' ? restoreFromTrash : purgeFromTrash
    const outcome = await inBatches(items, call)
    const names = new Map(items.map((i) => [trashKey(i), i.name]))
    setRefused(outcome.refused.length ? { verb, lines: refusalLines(outcome.refused as TrashRefusal[], names) } : null)
    if (items.length === 1 && outcome.refused.length === 0) return { message: outcome.message }
    return { message: summary(verb, items.length, outcome.done.length) }
  }

  const askOne = (verb: TrashVerb, row: TrashItem) =>
    ask({
      title: verb === 'restore' ? RESTORE_TITLE : PURGE_TITLE,
      text: `${row.name} (${moduleTitle(row.module)})`,
      run: () => act(verb, [row]),
      after: afterChange,
    })

  const askMany = (verb: TrashVerb, selection: Selection<TrashItem>, clear: () => void) => {
    // "All matching" acts on the first MAX_MATCHING records of the filter at most.
    const count = selection.all ? Math.min(selection.count, MAX_MATCHING) : selection.count
    const noun = count === 1 ? 'record' : 'records'
    ask({
      title:
        verb === 'restore' ? `Restore ${count} ${noun}?` : `Delete ${count} ${noun} for good? This cannot be undone.`,
      run: async () => {
        const items = selection.all
          ? await collectMatching((query) => listTrash({ ...query, search: view.search, modules }))
          : selection.rows
        return act(verb, items)
      },
      after: () => {
        clear()
        afterChange()
      },
    })
  }

  const selects: Array<FilterChoice<(typeof FILTERS)[number]>> = [
    {
      name: 'module',
      label: 'Filter by Module',
      placeholder: 'All modules',
      width: 220,
      options: allowed.map((m) => ({ value: m.slug, label: m.title })),
      search: true,
    },
  ]

  const columns: ColumnsType<TrashItem> = [
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
    { title: 'Module', key: 'module', render: (_, row) => moduleTitle(row.module) },
    { title: 'Deleted by', key: 'deletedBy', render: (_, row) => row.deletedBy?.name || '-' },
    dateColumn<TrashItem>('Deleted At', 'deletedAt'),
    { title: 'Deleted for good on', key: 'purgeAt', render: (_, row) => formatDate(row.purgeAt) },
    {
      title: 'Action',
      key: 'action',
      render: (_, row) => (
        <Space size="small" wrap>
          <Button
            type="link"
            size="small"
            icon={<UndoOutlined />}
            aria-label={`Restore ${row.name}`}
            onClick={() => askOne('restore', row)}
          >
            Restore
          </Button>
          <Button
            type="link"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`Delete for good ${row.name}`}
            onClick={() => askOne('purge', row)}
          >
            Delete for good
          </Button>
        </Space>
      ),
    },
  ]

  const fetch = (query: TableQuery) => listTrash({ ...query, modules })

  return (
    <ListCard<TrashItem>
      empty="Nothing in the trash: deleted records wait here for 30 days, then are deleted for good"
      title="Trash"
      tabs={
        refused && (
          <Alert
            style={{ marginBottom: 16 }}
            role="alert"
            type="warning"
            closable={{ 'aria-label': 'Close the refusals' }}
            onClose={() => setRefused(null)}
            title={refused.verb === 'restore' ? 'Not restored' : 'Not deleted for good'}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {refused.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            }
          />
        )
      }
      searchPlaceholder="Search by Name"
      filters={allowed.length > 1 && <FilterSelects choices={selects} values={filters} onChange={setFilters} />}
      queryKey={['trash', 'list', modules]}
      aria-label="Deleted records"
      rowKey={trashKey}
      columns={columns}
      defaultSort={NEWEST_FIRST}
      fetch={fetch}
      selection={{
        nameOf,
        actions: (selection, clear) => (
          <>
            <Button icon={<UndoOutlined />} onClick={() => askMany('restore', selection, clear)}>
              Restore
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => askMany('purge', selection, clear)}>
              Delete for good
            </Button>
          </>
        ),
      }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
