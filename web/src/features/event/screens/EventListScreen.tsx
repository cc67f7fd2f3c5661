/**
 * /event: the events of one filter (POST eventFilter): Upcoming (soonest first), Past (latest
 * first) or Deleted; searchable by title, server-paged and sortable. Each row: view, edit, and
 * delete or, among the deleted, restore (both ask first; SPEC section 4: one call toggles).
 */
import { useMemo } from 'react'
import { Tabs } from 'antd'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { columnsOf, dateColumn, deletedTabColumns } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import type { TableQuery } from '../../../lib/list-page'
import { useListTab } from '../../../lib/list-state'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
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

const fetchers: Record<EventFilter, (query: TableQuery) => ReturnType<typeof listEvents>> = {
  upcoming: (query) => listEvents({ ...query, filter: 'upcoming' }),
  past: (query) => listEvents({ ...query, filter: 'past' }),
  deleted: (query) => listEvents({ ...query, filter: 'deleted' }),
}

export default function EventListScreen() {
  const { canAdd, canEdit, canDelete } = useRights(MODULE)
  const refresh = useRefresh('event')
  const [filter, setFilter] = useListTab<EventFilter>(FILTERS, 'upcoming')
  const deleted = filter === 'deleted'
  const { ask, dialog } = useConfirmAction()

  const columns = useMemo(
    () =>
      columnsOf<Event>(
        { title: 'Event Title', key: 'title', dataIndex: 'title', sorter: true },
        {
          title: 'Starts',
          key: 'startsAt',
          sorter: true,
          render: (_, row) => formatInZone(row.startsAt, row.timeZone),
        },
        { title: 'Ends', key: 'endsAt', render: (_, row) => formatInZone(row.endsAt, row.timeZone) },
        { title: 'Time Zone', key: 'timeZone', dataIndex: 'timeZone' },
        { title: 'Where', key: 'where', render: (_, row) => eventWhere(row) },
        { title: 'Host', key: 'host', render: (_, row) => hostLabel(row) },
        { title: 'Going', key: 'goingCount', dataIndex: 'goingCount', align: 'right' },
        { title: 'Interested', key: 'interestedCount', dataIndex: 'interestedCount', align: 'right' },
        dateColumn('Created', 'createdAt'),
        ...deletedTabColumns<Event>({
          nameOf: eventTitle,
          deleted,
          canEdit,
          canDelete,
          view: (row) => paths.eventView(row._id),
          edit: (row) => paths.eventEdit(row._id),
          setDeleted: (row, isDeleted) => deleteEvent(row._id, isDeleted),
          ask,
          after: () => void refresh(),
          trash: MODULE,
        }),
      ),
    [deleted, canEdit, canDelete, ask, refresh],
  )

  return (
    <ListCard<Event>
      empty="No events yet: add an event and it shows here"
      title="Event Management"
      add={canAdd && { label: 'Add Event', to: paths.eventAdd() }}
      tabs={<Tabs activeKey={filter} items={TABS} onChange={(key) => setFilter(key as EventFilter)} />}
      searchPlaceholder="Search by Event Title"
      queryKey={['event', 'list', filter]}
      aria-label={`${TABS.find((t) => t.key === filter)?.label} events`}
      columns={columns}
      defaultSort={DEFAULT_SORT[filter]}
      fetch={fetchers[filter]}
      bulk={deleted ? undefined : { module: MODULE, nameOf: eventTitle, filter: { filter } }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
