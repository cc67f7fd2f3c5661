/**
 * The row selection of the one DataTable (its opt-in `selection` prop): the rows picked, kept
 * across the pages of the same list, or "all matching" (the whole filter: the screen then acts on
 * its filter, not on ids). A new filter or search (a new `list`) starts with nothing selected.
 */
import { useState, type Key, type ReactNode } from 'react'
import type { BulkOptions } from './BulkActions'

import type { Selection } from './selection'

export type { Selection }

export interface SelectionOptions<T> {
  /** The row's name: its checkbox is named 'Select <name>'. */
  nameOf: (row: T) => string
  /** The selection bar's buttons; `clear` empties the selection (after the action). */
  actions?: (selection: Selection<T>, clear: () => void) => ReactNode
  /**
   * The list's bulk actions and Export (issue 36, components/BulkActions.tsx, fetched with the
   * first selected row), after `actions`; what they refused shows above the bar.
   */
  bulk?: BulkOptions
}

interface Picked<T> {
  list: string
  rows: Map<Key, T>
  all: boolean
}

export interface SelectionState<T> {
  selection: Selection<T>
  isPicked: (key: Key) => boolean
  toggle: (key: Key, row: T, on: boolean) => void
  /** The page's rows all picked (`on`) or none of them. */
  togglePage: (on: boolean) => void
  /** State of the page's checkbox. */
  page: { checked: boolean; indeterminate: boolean }
  selectAll: () => void
  clear: () => void
}

/**
 * `list` names the list shown (its key and search); `rows` and `total` are the page's rows and
 * the number the filter matches.
 */
export function useSelection<T>(
  list: string,
  rows: readonly T[],
  total: number,
  keyOf: (row: T) => Key,
): SelectionState<T> {
  const [state, setState] = useState<Picked<T>>(() => ({ list, rows: new Map(), all: false }))
  // Another filter or search: nothing is selected any more.
  const picked = state.list === list ? state : { list, rows: new Map<Key, T>(), all: false }
  if (picked !== state) setState(picked)

  const isPicked = (key: Key) => picked.all || picked.rows.has(key)
  const onPage = rows.filter((row) => isPicked(keyOf(row))).length

  const update = (change: (next: Map<Key, T>) => void) => {
    const next = new Map(picked.all ? rows.map((row) => [keyOf(row), row] as const) : picked.rows)
    change(next)
    setState({ list, rows: next, all: false })
  }

  return {
    selection: picked.all
      ? { all: true, count: total }
      : { all: false, rows: [...picked.rows.values()], count: picked.rows.size },
    isPicked,
    toggle: (key, row, on) => update((next) => (on ? next.set(key, row) : next.delete(key))),
    togglePage: (on) =>
      update((next) => {
        for (const row of rows) {
          if (on) next.set(keyOf(row), row)
          else next.delete(keyOf(row))
        }
      }),
    page: { checked: rows.length > 0 && onPage === rows.length, indeterminate: onPage > 0 && onPage < rows.length },
    selectAll: () => setState({ list, rows: new Map(), all: true }),
    clear: () => setState({ list, rows: new Map(), all: false }),
  }
}
