/**
 * A list's rows as cards, for a phone (issue 34 section 3: under the spec's 599 px breakpoint
 * the status switch and the row's actions are in view on every row, not off to the right).
 *
 * Each card is one row of the same columns DataTable shows: the first column (the row's name)
 * heads the card with the Status column beside it, every other column is a labelled line, and
 * the Action column closes the card. The cards keep the table's semantics (a table named like
 * the list, a row per card, a cell per column), so what reads or finds a row on a laptop finds
 * it on a phone too. Sorting is a "Sort by" select of the sortable columns; paging is the
 * table's own pager in its small form.
 */
import { isValidElement, type Key, type ReactNode } from 'react'
import { Pagination, Select, Spin, theme } from 'antd'
import type { ColumnsType, ColumnType } from 'antd/es/table/interface'
import type { SortOrder } from '../lib/list-page'
import { PAGE_SIZES } from '../lib/list-state'

/** A column's key: the server's sort column for a sortable one. */
const keyOf = <T,>(column: ColumnType<T>): string => String(column.key ?? column.dataIndex ?? '')

/** The column's title as text (a select option, a line's label); a column with no text title has none. */
function titleText<T>(column: ColumnType<T>): string {
  const { title } = column
  if (typeof title === 'string' || typeof title === 'number') return String(title)
  if (isValidElement<{ children?: unknown }>(title) && typeof title.props.children === 'string')
    return title.props.children
  return ''
}

/** The value at a column's `dataIndex` (a name or a path). */
function valueAt<T>(row: T, dataIndex: ColumnType<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex]
  return path.reduce<unknown>(
    (value, step) => (value == null ? undefined : (value as Record<string, unknown>)[String(step)]),
    row,
  )
}

/** What a column shows for a row, as the table would render it. */
function cellOf<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex)
  if (!column.render) return value == null ? '' : (value as ReactNode)
  const shown = column.render(value, row, index) as ReactNode | { children?: ReactNode }
  if (shown && typeof shown === 'object' && !isValidElement(shown) && 'children' in shown) return shown.children
  return shown as ReactNode
}

const isStatus = <T,>(column: ColumnType<T>) => column.key === 'status'
const isAction = <T,>(column: ColumnType<T>) => column.key === 'action'

export interface RowCardsProps<T> {
  columns: ColumnsType<T>
  rows: readonly T[]
  keyOf: (row: T, index: number) => Key
  loading: boolean
  /** Shown when there is no row (the empty state, or the failure). */
  empty: ReactNode
  label?: string
  /** The sort in force: the column and its order ('' while none is chosen). */
  sortColumn: string
  sortOrder: SortOrder
  onSort: (column: string, order: SortOrder) => void
  page: number
  limit: number
  total: number
  onPage: (page: number, limit: number) => void
  /** A row's selection checkbox, before its name (DataTable's `selection`). */
  select?: (row: T) => ReactNode
}

/** The "Sort by" choice of no sort: the list's own order (newest first, mostly). */
const DEFAULT_ORDER = ''

export function RowCards<T extends object>({
  columns,
  rows,
  keyOf: rowKey,
  loading,
  empty,
  label,
  sortColumn,
  sortOrder,
  onSort,
  page,
  limit,
  total,
  onPage,
  select,
}: RowCardsProps<T>) {
  const { token } = theme.useToken()
  const shown = columns as ColumnType<T>[]
  const [head, ...rest] = shown
  const status = rest.find(isStatus)
  const action = rest.find(isAction)
  const lines = rest.filter((c) => !isStatus(c) && !isAction(c))

  const sortable = shown.filter((c) => c.sorter && titleText(c))
  const sortOptions = [
    { value: DEFAULT_ORDER, label: 'Default order' },
    ...sortable.flatMap((c) => [
      { value: `${keyOf(c)}:asc`, label: `${titleText(c)}, ascending` },
      { value: `${keyOf(c)}:desc`, label: `${titleText(c)}, descending` },
    ]),
  ]
  const sortValue = sortColumn && sortOrder ? `${sortColumn}:${sortOrder}` : DEFAULT_ORDER

  const card = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: `${token.paddingSM}px ${token.padding}px`,
    background: token.colorBgContainer,
  }
  const labelStyle = { color: token.colorTextSecondary, flex: '0 0 40%', minWidth: 0 }

  return (
    <div>
      {sortable.length > 0 && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <span aria-hidden>Sort by</span>
          <Select
            aria-label="Sort by"
            style={{ flex: 1, minWidth: 0 }}
            value={sortValue}
            options={sortOptions}
            onChange={(value: string) => {
              const [column, order] = value ? value.split(':') : ['', '']
              onSort(column, order as SortOrder)
            }}
          />
        </div>
      )}
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          // While the first page loads there is nothing to say yet: the spinner shows alone.
          <div style={{ padding: token.paddingLG, minHeight: 120 }}>{loading ? null : empty}</div>
        ) : (
          <div role="table" aria-label={label} style={{ display: 'grid', gap: token.marginSM }}>
            {rows.map((row, index) => (
              <div role="row" key={rowKey(row, index)} style={card} data-row-card="">
                <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
                  {select && <div role="cell">{select(row)}</div>}
                  <div role="rowheader" style={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {head && cellOf(head, row, index)}
                  </div>
                  {status && <div role="cell">{cellOf(status, row, index)}</div>}
                </div>
                {lines.map((column) => (
                  <div
                    role="cell"
                    key={keyOf(column)}
                    style={{ display: 'flex', gap: 8, marginTop: token.marginXS, overflowWrap: 'anywhere' }}
                  >
                    <span style={labelStyle}>{titleText(column)}</span>
                    <span style={{ flex: 1, minWidth: 0 }}>{cellOf(column, row, index)}</span>
                  </div>
                ))}
                {action && (
                  <div
                    role="cell"
                    style={{
                      marginTop: token.marginSM,
                      paddingTop: token.paddingXS,
                      borderTop: `1px solid ${token.colorBorderSecondary}`,
                    }}
                  >
                    {cellOf(action, row, index)}
                  </div>
                )}
              </div>
            ))}
          </div>
        )}
      </Spin>
      {total > 0 && (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          current={page}
          pageSize={limit}
          total={total}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          simple
          onChange={onPage}
        />
      )}
    </div>
  )
}
