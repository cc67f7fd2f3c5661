/**
 * A short table of a record's view (a donor's transactions, a nonprofit's bank accounts): every
 * row at once, small, named `label`, scrolled sideways when wider than the screen (SideScroll:
 * the hint says so); `empty` is said when it has no rows.
 */
import type { Key } from 'react'
import type { ColumnsType } from 'antd/es/table/interface'
import { SideScroll } from './SideScroll'
import { TableView } from './TableView'

export interface DetailTableProps<T> {
  label: string
  empty: string
  columns: ColumnsType<T>
  dataSource: readonly T[] | undefined
  rowKey: string | ((row: T) => Key)
}

export function DetailTable<T extends object>({ label, empty, columns, dataSource, rowKey }: DetailTableProps<T>) {
  return (
    <SideScroll label={label}>
      <TableView<T>
        aria-label={label}
        size="small"
        scrollX
        empty={empty}
        columns={columns}
        rows={dataSource ?? []}
        rowKey={rowKey}
      />
    </SideScroll>
  )
}
