/**
 * The one layout of a list screen (SPEC section 2): a card with the screen's title and its
 * buttons, optional tabs, the search box and the server-paged DataTable, then what the
 * screen adds (its dialogs). The search text lives here and goes to the table; rows are
 * newest first until a column is sorted, unless the screen says otherwise.
 */
import { useState, type Key, type ReactNode } from 'react'
import { Card } from 'antd'
import { DataTable, type DataTableProps } from './DataTable'
import { SearchBox } from './SearchBox'

export interface ListCardProps<T> extends Omit<DataTableProps<T>, 'search'> {
  title: ReactNode
  /** The card's buttons (Add, Export, Import...). */
  actions?: ReactNode
  /** Shown above the search box. */
  tabs?: ReactNode
  searchPlaceholder: string
  /** Shortest text that searches (an empty box always resets). */
  searchMinLength?: number
  /** A new key starts a new table (page 1, no sort), as a tab change does. */
  tableKey?: Key
  /** The screen's dialogs. */
  children?: ReactNode
}

const NEWEST_FIRST = { column: 'createdAt', order: 'desc' } as const

export function ListCard<T extends object>({
  title,
  actions,
  tabs,
  searchPlaceholder,
  searchMinLength,
  tableKey,
  children,
  defaultSort = NEWEST_FIRST,
  ...table
}: ListCardProps<T>) {
  const [search, setSearch] = useState('')
  return (
    <Card title={title} extra={actions}>
      {tabs}
      <div style={{ marginBottom: 16 }}>
        <SearchBox placeholder={searchPlaceholder} onSearch={setSearch} minLength={searchMinLength} />
      </div>
      <DataTable<T> key={tableKey} {...table} defaultSort={defaultSort} search={search} />
      {children}
    </Card>
  )
}
