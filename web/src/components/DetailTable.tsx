/**
 * A short table of a record's view (a donor's transactions, a nonprofit's bank accounts): every
 * row at once, small, named `label`, scrolled sideways when wider than the screen (SideScroll:
 * the hint says so); `empty` is said when it has no rows.
 */
import { Table, type TableProps } from 'antd'
import { SideScroll } from './SideScroll'

export type DetailTableProps<T> = Omit<TableProps<T>, 'aria-label' | 'pagination' | 'size' | 'scroll' | 'locale'> & {
  label: string
  empty: string
}

export function DetailTable<T extends object>({ label, empty, ...table }: DetailTableProps<T>) {
  return (
    <SideScroll label={label}>
      <Table<T>
        aria-label={label}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        {...table}
      />
    </SideScroll>
  )
}
