/**
 * Where a list keeps its state: the URL's query string, so a reload, Back and a shared link
 * show the same rows. `?tab=pending&q=red&page=2&size=20&sort=name&order=asc`: the tab (or any
 * other filter), the search text, the page, the page size and the sorted column. A value at its
 * default is left out of the URL, and other parameters of the page (a record's `id`) are kept.
 *
 * The shared list layout (ListCard) reads and writes search, page, size and sort; a screen with
 * tabs or filters reads them with `useListParam` / `useListTab`.
 */
import { useCallback, useEffect, useMemo } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { SortOrder, TableQuery } from './list-page'
import { useSession } from './session'

export const PAGE_SIZES = [10, 15, 20, 25, 30]
export const DEFAULT_PAGE = 1
export const DEFAULT_LIMIT = 10

/** The names of the list's parameters in the URL. */
export const LIST_PARAMS = {
  tab: 'tab',
  search: 'q',
  page: 'page',
  limit: 'size',
  column: 'sort',
  order: 'order',
} as const

/** What the table shows: the list query, with column '' while no column is sorted (the default sort). */
export type ListView = TableQuery

export const FIRST_VIEW: ListView = { page: DEFAULT_PAGE, limit: DEFAULT_LIMIT, search: '', column: '', order: '' }

export interface ListNavigation {
  /** Replace the current history entry instead of adding one (a correction, not a step). */
  replace?: boolean
}

function positive(text: string | null, fallback: number): number {
  const n = Number(text)
  return Number.isInteger(n) && n >= 1 ? n : fallback
}

/** The list view a query string describes (anything unknown falls back to the default). */
export function readListView(params: URLSearchParams): ListView {
  const limit = positive(params.get(LIST_PARAMS.limit), DEFAULT_LIMIT)
  const orderText = params.get(LIST_PARAMS.order)
  const order: SortOrder = orderText === 'asc' || orderText === 'desc' ? orderText : ''
  const column = order ? (params.get(LIST_PARAMS.column) ?? '') : ''
  return {
    page: positive(params.get(LIST_PARAMS.page), DEFAULT_PAGE),
    limit: PAGE_SIZES.includes(limit) ? limit : DEFAULT_LIMIT,
    search: params.get(LIST_PARAMS.search) ?? '',
    column,
    order: column ? order : '',
  }
}

function put(params: URLSearchParams, name: string, value: string, fallback: string) {
  if (value === fallback) params.delete(name)
  else params.set(name, value)
}

/**
 * `params` with the view's values written in, always in the same order after the page's other
 * parameters (defaults left out).
 */
export function writeListView(params: URLSearchParams, view: ListView): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of [LIST_PARAMS.search, LIST_PARAMS.page, LIST_PARAMS.limit, LIST_PARAMS.column, LIST_PARAMS.order]) {
    next.delete(name)
  }
  put(next, LIST_PARAMS.search, view.search, '')
  put(next, LIST_PARAMS.page, String(view.page), String(DEFAULT_PAGE))
  put(next, LIST_PARAMS.limit, String(view.limit), String(DEFAULT_LIMIT))
  const sorted = Boolean(view.column && view.order)
  put(next, LIST_PARAMS.column, sorted ? view.column : '', '')
  put(next, LIST_PARAMS.order, sorted ? view.order : '', '')
  return next
}

/** The order of a list while no column is sorted: newest first. */
export const NEWEST_FIRST = { column: 'createdAt', order: 'desc' } as const

/** The sort of a list's view for a call that needs one (an export): the sorted column, else `fallback`. */
export function sortOf(view: ListView, fallback: { column: string; order: SortOrder } = NEWEST_FIRST) {
  return { column: view.column || fallback.column, order: view.column ? view.order : fallback.order }
}

/** The query string each list was last shown with, by its path (this tab's visit). */
const lastShown = new Map<string, string>()

/**
 * The list at `path` as it was last shown: its tab, filters, search, page and sort (an add or
 * edit screen goes back there after a save, so the list keeps its filter), else the bare path.
 */
export function listUrl(path: string): string {
  const search = lastShown.get(path)
  return search ? `${path}?${search}` : path
}

// A sign-out forgets every list's last view: the next account starts from clean lists.
useSession.subscribe((session) => {
  if (!session.user) lastShown.clear()
})

/** The list's view from the URL, and a setter that writes a change to it (a new history entry). */
export function useListView(): [ListView, (change: Partial<ListView>, how?: ListNavigation) => void] {
  const [params, setParams] = useSearchParams()
  const { pathname } = useLocation()
  const view = useMemo(() => readListView(params), [params])
  useEffect(() => {
    lastShown.set(pathname, params.toString())
  }, [pathname, params])
  const setView = useCallback(
    (change: Partial<ListView>, how: ListNavigation = {}) => {
      const next = writeListView(params, { ...view, ...change })
      if (next.toString() !== params.toString()) setParams(next, { replace: how.replace })
    },
    [params, view, setParams],
  )
  return [view, setView]
}

/**
 * One filter of a list kept in the URL (`name`), one of `allowed` (else `fallback`). Setting it
 * starts a new table, as a tab change always has: page 1, the default page size and sort; the
 * search text stays.
 */
export function useListParam<K extends string>(
  name: string,
  allowed: readonly K[],
  fallback: K,
): [K, (value: K) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get(name)
  const value = allowed.includes(raw as K) ? (raw as K) : fallback
  const setValue = useCallback(
    (next: K) => {
      if (next === value) return
      const search = readListView(params).search
      const written = writeListView(params, { ...FIRST_VIEW, search })
      put(written, name, next, fallback)
      setParams(written)
    },
    [name, value, fallback, params, setParams],
  )
  return [value, setValue]
}

/** The list's tab in the URL (`?tab=`); see `useListParam`. */
export function useListTab<K extends string>(allowed: readonly K[], fallback: K): [K, (value: K) => void] {
  return useListParam(LIST_PARAMS.tab, allowed, fallback)
}

/**
 * Free-text filters of a list kept in the URL (a date range, a status...), '' when absent.
 * Changing any of them (several at once, e.g. both ends of a range) starts a new table, as
 * `useListParam` does: page 1, the default page size and sort; the search text stays.
 */
export function useListFilters<K extends string>(
  names: readonly K[],
): [Record<K, string>, (change: Partial<Record<K, string>>) => void] {
  const [params, setParams] = useSearchParams()
  // The same object while none of the named parameters changes (it is part of query keys).
  const key = JSON.stringify(names.map((n) => [n, params.get(n) ?? '']))
  const values = useMemo(() => Object.fromEntries(JSON.parse(key) as Array<[K, string]>) as Record<K, string>, [key])
  const setValues = useCallback(
    (change: Partial<Record<K, string>>) => {
      const entries = Object.entries(change) as Array<[K, string | undefined]>
      if (entries.every(([name, value]) => (value ?? '') === values[name])) return
      const search = readListView(params).search
      const written = writeListView(params, { ...FIRST_VIEW, search })
      for (const [name, value] of entries) put(written, name, value ?? '', '')
      setParams(written)
    },
    [values, params, setParams],
  )
  return [values, setValues]
}

/**
 * A yes-or-no filter of a list kept in the URL (`?status=active`): `choice` is `yes`, `no` or ''
 * for all (anything else in the URL reads ''); `flag` is what a call takes, true, false or
 * undefined for all. `choose` sets it as useListFilters does.
 */
export function useYesNoFilter<Y extends string, N extends string>(name: string, yes: Y, no: N) {
  const [filters, setFilters] = useListFilters([name])
  const value = filters[name]
  const choice = (value === yes || value === no ? value : '') as Y | N | ''
  return {
    choice,
    flag: choice ? choice === yes : undefined,
    choose: (next: Y | N | '') => setFilters({ [name]: next }),
  }
}
