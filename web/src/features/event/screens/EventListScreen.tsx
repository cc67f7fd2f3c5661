/**
 * /event: the events of one filter (POST eventFilter): Upcoming (soonest first), Past (latest
 * first) or Deleted; searchable by title, server-paged and sortable. Each row: view, edit, and
 * delete or, among the deleted, restore (both ask first; SPEC section 4: one call toggles).
 */
import { useMemo } from 'react'
import { Button, Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, dateColumn } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import type { TableQuery } from '../../../lib/list-page'
import { useListTab } from '../../../lib/list-state'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteEvent, listEvents } from '../api/event'
import { eventTitle, eventWhere, formatInZone, hostLabel } from '../names'
import type { Event, EventFilter } from '../types'

const MODULE = SLUGS.event

const FILTERS: readonly EventFilter[] = ['upcoming', 'past', 'deleted']
const TABS = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'past', label: 'Past' },
  { key: 'deleted', label: 'Deleted' },
]

/** Each filter's order while no column is sorted (the server's own for upcoming and past). */
const DEFAULT_SORT = {
  upcoming: { column: 'startsAt', order: 'asc' },
  past: { column: 'startsAt', order: 'desc' },
  deleted: { column: 'createdAt', order: 'desc' },
} as const

export const DELETE_TITLE = 'Are you sure you want to Delete ?'
export const RESTORE_TITLE = 'Are you sure you want to Restore ?'

const fetchers: Record<EventFilter, (query: TableQuery) => ReturnType<typeof listEvents>> = {
  upcoming: (query) => listEvents({ ...query, filter: 'upcoming' }),
  past: (query) => listEvents({ ...query, filter: 'past' }),
  deleted: (query) => listEvents({ ...query, filter: 'deleted' }),
}

export default function EventListScreen() {
  const { can } = useAccess()
  const navigate = useNavigate()
  const refresh = useRefresh('event')
  const [filter, setFilter] = useListTab<EventFilter>(FILTERS, 'upcoming')
  const deleted = filter === 'deleted'
  const { ask, dialog } = useConfirmAction()

  const canAdd = can(MODULE, 'add')
  const canEdit = can(MODULE, 'edit')
  const canDelete = can(MODULE, 'delete')

  const columns = useMemo(() => {
    const list: ColumnsType<Event> = [
      { title: 'Event Title', key: 'title', dataIndex: 'title', sorter: true },
      { title: 'Starts', key: 'startsAt', sorter: true, render: (_, row) => formatInZone(row.startsAt, row.timeZone) },
      { title: 'Ends', key: 'endsAt', render: (_, row) => formatInZone(row.endsAt, row.timeZone) },
      { title: 'Time Zone', key: 'timeZone', dataIndex: 'timeZone' },
      { title: 'Where', key: 'where', render: (_, row) => eventWhere(row) },
      { title: 'Host', key: 'host', render: (_, row) => hostLabel(row) },
      { title: 'Going', key: 'goingCount', dataIndex: 'goingCount', align: 'right' },
      { title: 'Interested', key: 'interestedCount', dataIndex: 'interestedCount', align: 'right' },
      dateColumn('Created', 'createdAt'),
    ]
    const action = actionColumn<Event>(eventTitle, [
      { label: 'View', to: (row) => paths.eventView(row._id) },
      canEdit && !deleted && { label: 'Edit', to: (row) => paths.eventEdit(row._id) },
      canDelete &&
        !deleted && {
          label: 'Delete',
          onClick: (row) =>
            ask({
              title: DELETE_TITLE,
              text: row.title,
              run: () => deleteEvent(row._id, true),
              after: () => void refresh(),
            }),
        },
    ])
    if (action) list.push(action)
    if (deleted && canDelete) {
      list.push({
        title: 'Restore',
        key: 'restore',
        render: (_, row) => (
          <Button
            type="link"
            size="small"
            aria-label={`Restore ${row.title}`}
            onClick={() =>
              ask({
                title: RESTORE_TITLE,
                text: row.title,
                run: () => deleteEvent(row._id, false),
                after: () => void refresh(),
              })
            }
          >
            Restore
          </Button>
        ),
      })
    }
    return list
  }, [deleted, canEdit, canDelete, ask, refresh])

  return (
    <ListCard<Event>
      empty="No events yet: add an event and it shows here"
      title="Event Management"
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.eventAdd())}>
            Add Event
          </Button>
        )
      }
      tabs={<Tabs activeKey={filter} items={TABS} onChange={(key) => setFilter(key as EventFilter)} />}
      searchPlaceholder="Search by Event Title"
      queryKey={['event', 'list', filter]}
      aria-label={`${TABS.find((t) => t.key === filter)?.label} events`}
      columns={columns}
      defaultSort={DEFAULT_SORT[filter]}
      fetch={fetchers[filter]}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
