/**
 * How the console draws a table: the table engine under antd's Table (@rc-component/table) with
 * antd's table style, so a table looks and reads as antd's does (its class names too), without
 * what antd's Table brings and no table of the console uses: column filters (a Tree, checkboxes,
 * a menu), row selection and the sorter's tooltip, about 30 kB brotli on every list. Sorting
 * is the caller's (DataTable: on the server): a sortable column's head is a button-like header
 * cell (Enter or a click), tells its order through aria-sort, and shows antd's arrows.
 *
 * DataTable (the server-paged lists) and DetailTable (a record's short tables) draw with it.
 */
import { useState, type Key, type ReactNode } from 'react'
import RcTable from '@rc-component/table'
import type { ColumnsType, ColumnType } from 'antd/es/table/interface'
import useTableStyle from 'antd/es/table/style'
import { Pagination, Spin } from 'antd'
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons'
import type { SortOrder } from '../lib/list-page'

const PREFIX = 'ant-table'
/** antd's class of the element its CSS variables hang on (config-provider/hooks/useCSSVarCls). */
const ROOT_CLASS = `${PREFIX}-css-var`

export interface TablePaging {
  current: number
  pageSize: number
  total: number
  /** The page sizes offered (none: the size is fixed). */
  pageSizeOptions?: number[]
  onChange: (page: number, pageSize: number) => void
}

export interface TableViewProps<T> {
  columns: ColumnsType<T>
  rows: readonly T[]
  rowKey: string | ((row: T) => Key)
  'aria-label'?: string
  size?: 'middle' | 'small'
  bordered?: boolean
  loading?: boolean
  /** Scrolls sideways when wider than its box (a record's short tables; SideScroll hints it). */
  scrollX?: boolean
  empty: ReactNode
  /** The sorted column (a sortable column's `key`) and its order; '' for none. */
  sortColumn?: string
  sortOrder?: SortOrder
  /** A sortable column's head was activated: its next order ('' ends the sort). */
  onSort?: (column: string, order: SortOrder) => void
  /** Server pages: the caller's. */
  paging?: TablePaging
  /** Rows it is given, shown `pageSize` at a time when there are more (a short history). */
  pageSize?: number
}

/** Ascending, then descending, then no sort, as antd's sorter turns. */
function nextOrder(sorted: boolean, order: SortOrder): SortOrder {
  if (!sorted || order === '') return 'asc'
  return order === 'asc' ? 'desc' : ''
}

function withSorters<T>(
  columns: ColumnsType<T>,
  sortColumn: string,
  sortOrder: SortOrder,
  onSort: (column: string, order: SortOrder) => void,
): ColumnsType<T> {
  return columns.map((column) => {
    if (!column.sorter) return column
    const key = String(column.key ?? '')
    const sorted = sortColumn !== '' && key === sortColumn
    const order: SortOrder = sorted ? sortOrder : ''
    const sort = () => onSort(key, nextOrder(sorted, order))
    const title = column.title as ReactNode
    return {
      ...(column as ColumnType<T>),
      className: [column.className, order && `${PREFIX}-column-sort`].filter(Boolean).join(' ') || undefined,
      title: (
        <div className={`${PREFIX}-column-sorters`}>
          <span className={`${PREFIX}-column-title`}>{title}</span>
          <span className={`${PREFIX}-column-sorter ${PREFIX}-column-sorter-full`}>
            <span className={`${PREFIX}-column-sorter-inner`} aria-hidden="true">
              <CaretUpOutlined className={`${PREFIX}-column-sorter-up${order === 'asc' ? ' active' : ''}`} />
              <CaretDownOutlined className={`${PREFIX}-column-sorter-down${order === 'desc' ? ' active' : ''}`} />
            </span>
          </span>
        </div>
      ),
      onHeaderCell: () => ({
        className: `${PREFIX}-column-has-sorters`,
        tabIndex: 0,
        'aria-label': typeof title === 'string' ? title : undefined,
        'aria-description': 'sortable',
        'aria-sort': order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined,
        onClick: sort,
        onKeyDown: (event: { key: string; preventDefault: () => void }) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            sort()
          }
        },
      }),
    } as ColumnType<T>
  })
}

export function TableView<T extends object>({
  columns,
  rows,
  rowKey,
  'aria-label': ariaLabel,
  size = 'middle',
  bordered = false,
  loading = false,
  scrollX = false,
  empty,
  sortColumn = '',
  sortOrder = '',
  onSort,
  paging,
  pageSize,
}: TableViewProps<T>) {
  const [hashId, cssVarClass] = useTableStyle(PREFIX, ROOT_CLASS)
  const [ownPage, setOwnPage] = useState(1)
  const ownPaging = pageSize !== undefined && rows.length > pageSize
  // Rows that shrank keep a page that still has rows.
  const current = ownPaging ? Math.min(ownPage, Math.ceil(rows.length / pageSize)) : 1
  const pageRows = ownPaging ? rows.slice((current - 1) * pageSize, current * pageSize) : rows
  const pager: TablePaging | undefined =
    paging ?? (ownPaging ? { current, pageSize, total: rows.length, onChange: setOwnPage } : undefined)
  const shown = onSort ? withSorters(columns, sortColumn, sortOrder, onSort) : columns
  const classes = [
    size === 'small' ? `${PREFIX}-small` : `${PREFIX}-medium`,
    bordered && `${PREFIX}-bordered`,
    rows.length === 0 && `${PREFIX}-empty`,
    cssVarClass,
    ROOT_CLASS,
    hashId,
  ]
  return (
    <div className={[`${PREFIX}-wrapper`, cssVarClass, ROOT_CLASS, hashId].join(' ')}>
      <Spin spinning={loading}>
        <RcTable<T>
          prefixCls={PREFIX}
          className={classes.filter(Boolean).join(' ')}
          aria-label={ariaLabel}
          columns={shown as never}
          data={pageRows as T[]}
          rowKey={rowKey as never}
          emptyText={empty}
          scroll={scrollX ? { x: 'max-content' } : undefined}
        />
        {pager && pager.total > 0 && (
          <Pagination
            className={`${PREFIX}-pagination ${PREFIX}-pagination-end`}
            size="small"
            current={pager.current}
            pageSize={pager.pageSize}
            total={pager.total}
            pageSizeOptions={pager.pageSizeOptions}
            showSizeChanger={Boolean(pager.pageSizeOptions)}
            showTotal={pager.pageSizeOptions && ((count, range) => `${range[0]}-${range[1]} of ${count}`)}
            onChange={pager.onChange}
          />
        )}
      </Spin>
    </div>
  )
}
