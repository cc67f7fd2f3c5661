/**
 * The row selection of a DataTable that selects rows (its `selection`), fetched only by the lists
 * that do (every screen's first load has a budget): it keeps the selection (useSelection) and
 * hands the table what to draw: the checkbox column (its head: this page), each row's checkbox
 * (a phone's cards) and the selection bar.
 */
import type { Key, ReactNode } from 'react'
import type { ColumnType } from 'antd/es/table/interface'
import { SelectBox } from './SelectBox'
import { SelectionBar } from './SelectionBar'
import { useSelection, type SelectionOptions } from './useSelection'

export interface SelectionParts<T> {
  column: ColumnType<T>
  box: (row: T) => ReactNode
  bar: ReactNode
}

export interface SelectionLayerProps<T> {
  /** The list shown (its key and search): another one starts with nothing selected. */
  list: string
  rows: readonly T[]
  total: number
  keyOf: (row: T) => Key
  options: SelectionOptions<T>
  /** A phone: the bar holds the page's checkbox (the cards have no table head). */
  small: boolean
  children: (parts: SelectionParts<T>) => ReactNode
}

export default function SelectionLayer<T>({
  list,
  rows,
  total,
  keyOf,
  options,
  small,
  children,
}: SelectionLayerProps<T>) {
  const selected = useSelection<T>(list, rows, total, keyOf)
  const box = (row: T) => (
    <SelectBox
      label={`Select ${options.nameOf(row)}`}
      checked={selected.isPicked(keyOf(row))}
      onChange={(on) => selected.toggle(keyOf(row), row, on)}
    />
  )
  const column: ColumnType<T> = {
    key: 'select',
    width: 48,
    title: (
      <SelectBox
        label="Select all on this page"
        checked={selected.page.checked}
        indeterminate={selected.page.indeterminate}
        disabled={rows.length === 0}
        onChange={selected.togglePage}
      />
    ),
    render: (_, row) => box(row),
  }
  const bar = (
    <SelectionBar
      state={selected}
      total={total}
      pageBox={small && rows.length > 0}
      actions={options.actions(selected.selection, selected.clear)}
    />
  )
  return children({ column, box, bar })
}
