/**
 * The one data table of the console: an antd Table whose paging and sorting run on the
 * server. Sortable columns set `sorter: true`; their `key` is the server's sort column.
 * Page sizes 10, 15, 20, 25, 30; page 1 of 10 rows at first; at 599 px and below the
 * table scrolls sideways under its first column (saying so while columns are off to the right)
 * and uses the small layout.
 */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Key, type Ref } from 'react'
import { Table, type TableProps } from 'antd'
import type { ColumnsType, SorterResult } from 'antd/es/table/interface'
import { errorMessage } from '../lib/api-client'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../lib/use-media-query'
import { SideScroll } from './SideScroll'

export type SortOrder = 'asc' | 'desc' | ''

/** The list query of every list endpoint (SPEC section 3). */
export interface TableQuery {
  page: number
  limit: number
  search: string
  column: string
  order: SortOrder
}

export interface TablePage<T> {
  rows: T[]
  total: number
}

export interface DataTableHandle {
  /** Fetches the current page again. */
  reload: () => void
}

const PAGE_SIZES = [10, 15, 20, 25, 30]
export const DEFAULT_PAGE = 1
export const DEFAULT_LIMIT = 10

export interface DataTableProps<T> {
  columns: ColumnsType<T>
  fetch: (query: TableQuery) => Promise<TablePage<T>>
  rowKey?: string | ((row: T) => Key)
  /** Current search text; a change goes back to page 1. */
  search?: string
  /** Sort used while no column is sorted. */
  defaultSort?: { column: string; order: Exclude<SortOrder, ''> }
  ref?: Ref<DataTableHandle>
  'aria-label'?: string
}

/** Width of the first column on a small screen: a long name wraps instead of filling the screen. */
const NAME_COLUMN_WIDTH_SMALL = 140

/**
 * On a small screen the first column (the row's name) stays in view, narrow, while the others
 * scroll under it: Status and Action always show beside the row they act on.
 */
function withNameColumnInView<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column, i) =>
    i === 0 ? { ...column, fixed: 'left' as const, width: column.width ?? NAME_COLUMN_WIDTH_SMALL } : column,
  )
}

export function DataTable<T extends object>({
  columns,
  fetch,
  rowKey = '_id',
  search = '',
  defaultSort,
  ref,
  'aria-label': ariaLabel,
}: DataTableProps<T>) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const [page, setPage] = useState(DEFAULT_PAGE)
  const [limit, setLimit] = useState(DEFAULT_LIMIT)
  const [sort, setSort] = useState<{ column: string; order: SortOrder }>({ column: '', order: '' })
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  // The query the shown rows answer: the table shows its spinner until the current one is answered.
  const [answered, setAnswered] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reloadToken, setReloadToken] = useState(0)

  const fetchRef = useRef(fetch)
  useEffect(() => {
    fetchRef.current = fetch
  })
  const requestId = useRef(0)

  // A new search starts again from the first page.
  const [appliedSearch, setAppliedSearch] = useState(search)
  if (appliedSearch !== search) {
    setAppliedSearch(search)
    setPage(DEFAULT_PAGE)
  }

  const reload = useCallback(() => setReloadToken((n) => n + 1), [])
  useImperativeHandle(ref, () => ({ reload }), [reload])

  const column = sort.column || defaultSort?.column || ''
  const order: SortOrder = sort.column ? sort.order : (defaultSort?.order ?? '')

  const queryKey = JSON.stringify([page, limit, appliedSearch, column, order, reloadToken])
  const loading = answered !== queryKey

  useEffect(() => {
    const id = ++requestId.current
    fetchRef
      .current({ page, limit, search: appliedSearch, column, order })
      .then((result) => {
        if (id !== requestId.current) return
        setError(null)
        // The last row of a later page was removed: show the page that still has rows.
        const lastPage = Math.max(1, Math.ceil(result.total / limit))
        if (result.rows.length === 0 && page > lastPage) {
          setPage(lastPage)
          return
        }
        setRows(result.rows)
        setTotal(result.total)
        setAnswered(queryKey)
      })
      .catch((e: unknown) => {
        if (id !== requestId.current) return
        setRows([])
        setTotal(0)
        setError(errorMessage(e))
        setAnswered(queryKey)
      })
  }, [page, limit, appliedSearch, column, order, reloadToken, queryKey])

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const nextLimit = pagination.pageSize ?? limit
    setLimit(nextLimit)
    setPage(nextLimit !== limit ? DEFAULT_PAGE : (pagination.current ?? DEFAULT_PAGE))
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined
    const key = single?.order ? String(single.columnKey ?? single.field ?? '') : ''
    const nextOrder: SortOrder = single?.order === 'ascend' ? 'asc' : single?.order === 'descend' ? 'desc' : ''
    if (key !== sort.column || nextOrder !== sort.order) {
      setSort({ column: key, order: key ? nextOrder : '' })
      setPage(DEFAULT_PAGE)
    }
  }

  return (
    <SideScroll>
      <Table<T>
        aria-label={ariaLabel}
        columns={small ? withNameColumnInView(columns) : columns}
        dataSource={rows}
        rowKey={rowKey as TableProps<T>['rowKey']}
        loading={loading}
        onChange={onChange}
        size={small ? 'small' : 'middle'}
        scroll={small ? { x: 'max-content' } : undefined}
        locale={error ? { emptyText: error } : undefined}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          simple: small,
          showTotal: small ? undefined : (count, range) => `${range[0]}-${range[1]} of ${count}`,
        }}
      />
    </SideScroll>
  )
}
