/**
 * The one data table of the console (drawn by TableView): its paging and sorting run on the
 * server. Sortable columns set `sorter: true`; their `key` is the server's sort column.
 * Page sizes 10, 15, 20, 25, 30; page 1 of 10 rows at first. At 599 px and below (a phone)
 * each row is a card (RowCards): its name, status switch and actions in view, the other
 * columns as labelled lines, sorting in a "Sort by" select.
 *
 * Its pages are server state (TanStack Query): `queryKey` names the list (its area first, and
 * any filter its `fetch` applies), the view (page, size, search, sort) completes the key. The
 * rows shown stay, under the spinner, while the next page of the same list or a reload is asked
 * for; an answer for a view the table has left is never shown. The view is the caller's (`view` and
 * `onViewChange`: ListCard keeps it in the URL) or, without them, the table's own.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Key,
  type ReactNode,
  type Ref,
} from 'react'
import { Empty } from 'antd'
import { Text } from './Text'
import type { ColumnsType } from 'antd/es/table/interface'
import { useQuery, type QueryKey } from '@tanstack/react-query'
import { errorMessage } from '../lib/api-client'
import type { SortOrder, TablePage, TableQuery } from '../lib/list-page'
import { DEFAULT_PAGE, FIRST_VIEW, PAGE_SIZES, type ListNavigation, type ListView } from '../lib/list-state'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../lib/use-media-query'
import { RowCards } from './RowCards'
import { TableView } from './TableView'
import { SELECT_COLUMN } from './select-column'
import type { SelectionOptions } from './useSelection'
import type { SelectionLayerProps, SelectionParts } from './SelectionLayer'

// Fetched by the lists that select rows only (every screen's first load has a budget).
const SelectionLayer = lazy(() => import('./SelectionLayer')) as <T>(props: SelectionLayerProps<T>) => ReactNode

export type { SortOrder, TablePage, TableQuery } from '../lib/list-page'
export { DEFAULT_LIMIT, DEFAULT_PAGE } from '../lib/list-state'

export interface DataTableHandle {
  /** Fetches the current page again. */
  reload: () => void
}

export interface DataTableProps<T> {
  columns: ColumnsType<T>
  fetch: (query: TableQuery) => Promise<TablePage<T>>
  /**
   * The list's cache key: its area first (`['cause', 'list']`, lib/query.ts), then any filter
   * `fetch` applies. Without one, the table's rows are its own (a key no other table shares).
   */
  queryKey?: QueryKey
  rowKey?: string | ((row: T) => Key)
  /** Current search text (without `view`); a change goes back to page 1. */
  search?: string
  /** Sort used while no column is sorted. */
  defaultSort?: { column: string; order: Exclude<SortOrder, ''> }
  /** The page, size, search and sort shown, when the caller keeps them (ListCard: in the URL). */
  view?: ListView
  onViewChange?: (change: Partial<ListView>, how?: ListNavigation) => void
  ref?: Ref<DataTableHandle>
  'aria-label'?: string
  /**
   * What the empty list says: what would fill it ('No causes yet: Add a cause and it shows
   * here'). A search that finds nothing says so instead (EMPTY_SEARCH_TEXT).
   */
  empty: string
  /**
   * Rows can be selected (a checkbox per row, one for the page, and a selection bar with
   * `actions`); the selection stays across pages and clears when the filter or search changes.
   */
  selection?: SelectionOptions<T>
}

/** An empty list while a search is on. */
export const EMPTY_SEARCH_TEXT = 'Nothing matches the search: try other words, or clear the search'

const NO_ROWS: never[] = []

/** The view kept by the table itself, when the caller keeps none. */
function useOwnView(search: string): [ListView, (change: Partial<ListView>) => void] {
  const [own, setOwn] = useState<ListView>({ ...FIRST_VIEW, search })
  // A new search starts again from the first page.
  if (own.search !== search) setOwn({ ...own, search, page: DEFAULT_PAGE })
  return [own, (change) => setOwn((v) => ({ ...v, ...change }))]
}

export function DataTable<T extends object>({
  columns,
  fetch,
  queryKey: givenKey,
  rowKey = '_id',
  search = '',
  defaultSort,
  view: givenView,
  onViewChange,
  ref,
  'aria-label': ariaLabel,
  empty,
  selection: selectable,
}: DataTableProps<T>) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const ownKey = useId()
  const queryKey = givenKey ?? ['table', ownKey]
  const [ownView, setOwnView] = useOwnView(search)
  const view = givenView ?? ownView
  const changeView = onViewChange ?? setOwnView
  const { page, limit } = view

  // Only a sortable column of this table sorts (a link may name anything).
  const sortable = columns.some((c) => c.sorter && String(c.key ?? '') === view.column)
  const sortColumn = sortable ? view.column : ''
  const column = sortColumn || defaultSort?.column || ''
  const order: SortOrder = sortColumn ? view.order : (defaultSort?.order ?? '')

  const fetchRef = useRef(fetch)
  useEffect(() => {
    fetchRef.current = fetch
  })

  const query: TableQuery = { page, limit, search: view.search, column, order }
  // The rows of the same list stay while its next view loads; another list (a new tab or
  // filter) starts empty, as a new table.
  const listKey = JSON.stringify(queryKey)
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchRef.current(query),
    placeholderData: (previous: TablePage<T> | undefined, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey.slice(0, -1)) === listKey ? previous : undefined,
  })

  const refetch = useRef(result.refetch)
  useEffect(() => {
    refetch.current = result.refetch
  })
  useImperativeHandle(ref, () => ({ reload: () => void refetch.current() }), [])

  // The last row of a later page was removed: show the page that still has rows.
  const answer = result.isPlaceholderData ? undefined : result.data
  useEffect(() => {
    if (!answer || answer.rows.length > 0) return
    const lastPage = Math.max(1, Math.ceil(answer.total / limit))
    if (page > lastPage) changeView({ page: lastPage }, { replace: true })
  }, [answer, page, limit, changeView])

  const failed = result.isError && !result.isFetching
  const rows = failed ? NO_ROWS : (result.data?.rows ?? NO_ROWS)
  const total = failed ? 0 : (result.data?.total ?? 0)
  const error = failed ? errorMessage(result.error) : null

  const emptyText = error ?? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      // The secondary text colour (lib/theme.ts): antd's empty-table grey reads 2.6:1.
      description={<Text type="secondary">{view.search.trim() ? EMPTY_SEARCH_TEXT : empty}</Text>}
    />
  )

  const keyOfRow = (row: T, index = 0): Key =>
    typeof rowKey === 'function' ? rowKey(row) : String((row as Record<string, unknown>)[rowKey] ?? index)

  // A new sort or page size starts again from the first page; a sort turned off names no column.
  const sortBy = (nextColumn: string, nextOrder: SortOrder) => {
    const sorted = nextColumn !== '' && nextOrder !== ''
    changeView({ column: sorted ? nextColumn : '', order: sorted ? nextOrder : '', page: DEFAULT_PAGE })
  }
  const pageTo = (nextPage: number, nextLimit: number) =>
    changeView({ limit: nextLimit, page: nextLimit !== limit ? DEFAULT_PAGE : nextPage })

  // `shown` and `busy`: the rows drawn and the spinner (none and on while the selection code loads).
  const draw = (selection?: SelectionParts<T>, shown: readonly T[] = rows, busy = result.isFetching) =>
    small ? (
      <>
        {selection?.bar}
        <RowCards<T>
          columns={columns}
          rows={shown}
          keyOf={keyOfRow}
          loading={busy}
          empty={emptyText}
          label={ariaLabel}
          sortColumn={sortColumn}
          sortOrder={sortColumn ? view.order : ''}
          onSort={sortBy}
          page={page}
          limit={limit}
          total={total}
          onPage={pageTo}
          select={selection?.box}
        />
      </>
    ) : (
      <>
        {selection?.bar}
        <TableView<T>
          aria-label={ariaLabel}
          columns={selection ? [selection.column, ...columns] : columns}
          rows={shown}
          rowKey={rowKey}
          loading={busy}
          empty={busy ? null : emptyText}
          sortColumn={sortColumn}
          sortOrder={sortColumn ? view.order : ''}
          onSort={sortBy}
          paging={{
            current: page,
            pageSize: limit,
            total,
            pageSizeOptions: PAGE_SIZES,
            onChange: pageTo,
          }}
        />
      </>
    )

  if (!selectable) return draw()
  // The selection belongs to the list and its search: another one starts empty. Until its code
  // arrives the table draws its columns (the checkbox column empty) and a spinner, no rows: React
  // draws the real table in place of this one, so rows drawn here would be drawn twice (a row
  // found or focused in between would be gone) and a phone's cards would move under their boxes.
  return (
    <Suspense fallback={draw({ column: SELECT_COLUMN, box: () => null, bar: null }, NO_ROWS, true)}>
      <SelectionLayer<T>
        list={`${listKey} ${view.search}`}
        rows={rows}
        total={total}
        keyOf={keyOfRow}
        options={selectable}
        small={small}
      >
        {draw}
      </SelectionLayer>
    </Suspense>
  )
}
