/**
 * The one layout of a list screen (SPEC section 2): a card with the screen's title and its
 * buttons, optional tabs, the search box and the server-paged DataTable, then what the
 * screen adds (its dialogs). Rows are newest first until a column is sorted, unless the
 * screen says otherwise.
 *
 * The list's search, page, page size and sort live in the URL's query string
 * (`?q=red&page=2&size=20&sort=name&order=asc`, lib/list-state.ts): a reload, Back and a
 * shared link show the same rows. A new search goes back to page 1. Tabs and filters are
 * kept there too by the screen (`useListTab`), and are part of its `queryKey`. Beside the search
 * box, a list at a module's route offers its saved views (SavedViews: that URL state kept under a
 * name).
 *
 * A list given `bulk` (issue 36 section 2) selects rows, and its selection bar offers the bulk
 * actions its module has and the user holds (lib/bulk.ts) and Export: components/BulkActions.tsx,
 * fetched when the first row is selected; what an action refused shows above the list.
 */
import type { ReactNode } from 'react'
import type { QueryKey } from '@tanstack/react-query'
import { Button, Space } from 'antd'
import { Card } from './Card'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { DataTable, type DataTableProps } from './DataTable'
import { SearchBox } from './SearchBox'
import { SavedViews } from './SavedViews'
import { DEFAULT_PAGE, NEWEST_FIRST, useListView } from '../lib/list-state'
import type { BulkRow } from './bulk-run'

export interface ListCardProps<T> extends Omit<DataTableProps<T>, 'search' | 'view' | 'onViewChange' | 'queryKey'> {
  /** The list's cache key: its area first (`['cause', 'list']`), then the filters its `fetch` applies. */
  queryKey: QueryKey
  title: ReactNode
  /** The card's buttons (Export, Import...). */
  actions?: ReactNode
  /**
   * The card's Add button, after its other buttons (`false`: the user may not add): it opens the
   * add screen (`to`) or calls `onClick` (an add dialog).
   */
  add?: { label: string; to?: string; onClick?: () => void } | false
  /** Shown above the search box. */
  tabs?: ReactNode
  searchPlaceholder: string
  /** The list's filters (selects, a date range), shown beside the search box; their values live in the URL too. */
  filters?: ReactNode
  /** Shortest text that searches (an empty box always resets). */
  searchMinLength?: number
  /** The screen's dialogs. */
  children?: ReactNode
  /**
   * Rows are selected and acted on in bulk: the list's module (its bulk actions, lib/bulk.ts) and
   * a row's name (its checkbox, a refused row's line).
   */
  bulk?: {
    module: string
    nameOf: (row: T) => string
    /**
     * The filters `fetch` adds to the list query, as the list path's body takes them ({}: none):
     * "all matching" over the job threshold then runs as a job on the server with them. Without
     * it, "all matching" acts on the first 10,000 rows (collected through `fetch`).
     */
    filter?: Record<string, unknown>
  }
}

export function ListCard<T extends object>({
  title,
  actions,
  add,
  tabs,
  searchPlaceholder,
  searchMinLength,
  filters,
  children,
  defaultSort = NEWEST_FIRST,
  bulk,
  ...table
}: ListCardProps<T>) {
  const [view, setView] = useListView()
  const navigate = useNavigate()
  const selection: ListCardProps<T>['selection'] = bulk
    ? {
        nameOf: bulk.nameOf,
        bulk: {
          module: bulk.module,
          list: typeof title === 'string' ? title : bulk.module,
          area: String(table.queryKey[0]),
          columns: table.columns as never,
          fetch: table.fetch as never,
          search: view.search,
          nameOf: bulk.nameOf as (row: BulkRow) => string,
          filter: bulk.filter,
        },
      }
    : table.selection
  const addButton = add && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => (add.to ? navigate(add.to) : add.onClick?.())}>
      {add.label}
    </Button>
  )
  const extra =
    actions && addButton ? (
      <Space wrap>
        {actions}
        {addButton}
      </Space>
    ) : (
      actions || addButton
    )
  return (
    <Card title={title} extra={extra}>
      {tabs}
      <div style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
        <SearchBox
          placeholder={searchPlaceholder}
          applied={view.search}
          onSearch={(search) => setView({ search, page: DEFAULT_PAGE })}
          minLength={searchMinLength}
          style={{ flex: '1 1 220px' }}
        />
        <SavedViews />
      </div>
      {filters && (
        <Space wrap style={{ marginBottom: 16 }} role="group" aria-label="Filters">
          {filters}
        </Space>
      )}
      <DataTable<T> {...table} selection={selection} defaultSort={defaultSort} view={view} onViewChange={setView} />
      {children}
    </Card>
  )
}
