/**
 * The row selection of a DataTable that selects rows (its `selection`), fetched only by the lists
 * that do (every screen's first load has a budget): it keeps the selection (useSelection) and
 * hands the table what to draw: the checkbox column (its head: this page), each row's checkbox
 * (a phone's cards) and the selection bar.
 */
import { lazy, Suspense, useState, type Key, type ReactNode } from 'react'
import type { ColumnType } from 'antd/es/table/interface'
import { SelectBox } from './SelectBox'
import { SELECT_COLUMN } from './select-column'
import { SelectionBar } from './SelectionBar'
import { useSelection, type SelectionOptions } from './useSelection'
import type { BulkActionsProps, BulkResult, BulkRow } from './BulkActions'

// Fetched when the first row of a list with bulk actions is selected.
const BulkActions = lazy(() => import('./BulkActions')) as (props: BulkActionsProps<BulkRow>) => ReactNode
const BulkReport = lazy(() => import('./BulkActions').then((m) => ({ default: m.BulkReport })))

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
  const [report, setReport] = useState<BulkResult | null>(null)
  const bulk = options.bulk
  const box = (row: T) => (
    <SelectBox
      label={`Select ${options.nameOf(row)}`}
      checked={selected.isPicked(keyOf(row))}
      onChange={(on) => selected.toggle(keyOf(row), row, on)}
    />
  )
  const column: ColumnType<T> = {
    ...SELECT_COLUMN,
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
    <>
      {report && (
        <Suspense>
          <BulkReport result={report} onClose={() => setReport(null)} />
        </Suspense>
      )}
      <SelectionBar
        state={selected}
        total={total}
        pageBox={small && rows.length > 0}
        actions={
          <>
            {options.actions?.(selected.selection, selected.clear)}
            {bulk && selected.selection.count > 0 && (
              <Suspense>
                <BulkActions
                  {...bulk}
                  selection={selected.selection as never}
                  clear={selected.clear}
                  report={setReport}
                />
              </Suspense>
            )}
          </>
        }
      />
    </>
  )
  return children({ column, box, bar })
}
