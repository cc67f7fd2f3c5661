/**
 * The shared async select (SPEC sections 2 and 9): options come from the server a page at a
 * time (5 per page) through `loader(search, page, limit)`; typing searches after a 300 ms
 * pause; scrolling the menu (300 px high) to its bottom loads the next page. Single or
 * multiple choice; values carry their labels, so a chosen option keeps its name while the
 * options change with the search.
 *
 * A page of 5 options does not fill a 300 px menu, and a menu that cannot scroll cannot
 * reach its bottom: while the loaded options are shorter than the menu, the next page is
 * loaded as if the menu had been scrolled to its bottom.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type UIEvent,
} from 'react'
import { Select, Spin } from 'antd'

export const ASYNC_PAGE_SIZE = 5
export const ASYNC_DEBOUNCE_MS = 300
export const ASYNC_LIST_HEIGHT = 300
/** Height of one option of antd's middle-size select. */
export const ASYNC_ITEM_HEIGHT = 32
/** How close to the bottom (px) counts as the bottom. */
const BOTTOM_THRESHOLD = 8

export interface AsyncOption {
  value: string
  label: ReactNode
}

export interface AsyncPage {
  options: AsyncOption[]
  /** Whether a later page exists. */
  hasMore: boolean
}

/** Loads page `page` (from 1) of `limit` options matching `search`. */
export type AsyncLoader = (search: string, page: number, limit: number) => Promise<AsyncPage>

export type AsyncValue = AsyncOption

interface CommonProps {
  loader: AsyncLoader
  placeholder?: string
  disabled?: boolean
  allowClear?: boolean
  style?: CSSProperties
  id?: string
  'aria-label'?: string
  /** Options per page (5). */
  pageSize?: number
  /** Pause after typing before searching, in ms (300). */
  debounce?: number
  /** Menu height in px (300). */
  listHeight?: number
}

export interface AsyncSelectSingleProps extends CommonProps {
  multiple?: false
  value?: AsyncValue | null
  onChange?: (value: AsyncValue | null) => void
}

export interface AsyncSelectMultipleProps extends CommonProps {
  multiple: true
  value?: AsyncValue[]
  onChange?: (value: AsyncValue[]) => void
}

export type AsyncSelectProps = AsyncSelectSingleProps | AsyncSelectMultipleProps

interface Cursor {
  /** The search the loaded options belong to. */
  search: string
  /** The last page loaded (0: none yet). */
  page: number
  hasMore: boolean
}

export function AsyncSelect(props: AsyncSelectProps) {
  const {
    loader,
    placeholder,
    disabled,
    allowClear = true,
    style,
    id,
    pageSize = ASYNC_PAGE_SIZE,
    debounce = ASYNC_DEBOUNCE_MS,
    listHeight = ASYNC_LIST_HEIGHT,
  } = props

  const loaderRef = useRef(loader)
  useEffect(() => {
    loaderRef.current = loader
  })

  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [options, setOptions] = useState<AsyncOption[]>([])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const cursor = useRef<Cursor>({ search: '', page: 0, hasMore: true })
  const loadingRef = useRef(false)
  const requestId = useRef(0)

  const load = useCallback(
    async (text: string, page: number) => {
      const requestNo = ++requestId.current
      loadingRef.current = true
      setLoading(true)
      setFailed(false)
      if (page === 1) cursor.current = { search: text, page: 0, hasMore: true }
      try {
        const result = await loaderRef.current(text, page, pageSize)
        if (requestNo !== requestId.current) return
        const fresh = result.options
        setOptions((previous) => {
          if (page === 1) return fresh
          const known = new Set(previous.map((o) => o.value))
          return [...previous, ...fresh.filter((o) => !known.has(o.value))]
        })
        cursor.current = { search: text, page, hasMore: result.hasMore && fresh.length > 0 }
      } catch {
        if (requestNo !== requestId.current) return
        // Stop paging; the next search or opening tries again.
        cursor.current = { ...cursor.current, hasMore: false }
        setFailed(true)
      } finally {
        if (requestNo === requestId.current) {
          loadingRef.current = false
          setLoading(false)
        }
      }
    },
    [pageSize],
  )

  // Typing searches after a pause.
  useEffect(() => {
    if (typed === search) return
    const timer = window.setTimeout(() => setSearch(typed), debounce)
    return () => window.clearTimeout(timer)
  }, [typed, search, debounce])

  // The first opening, and each new search, load the first page.
  useEffect(() => {
    if (!open) return
    const current = cursor.current
    if (current.page === 0 && loadingRef.current && current.search === search) return
    if (current.page > 0 && current.search === search) return
    void load(search, 1)
  }, [open, search, load])

  const loadMore = useCallback(() => {
    const current = cursor.current
    if (loadingRef.current || !current.hasMore || current.page === 0) return
    void load(current.search, current.page + 1)
  }, [load])

  // A menu that the loaded options do not fill cannot scroll: load on until it is full.
  useEffect(() => {
    if (!open || loading) return
    if (options.length * ASYNC_ITEM_HEIGHT < listHeight) loadMore()
  }, [open, loading, options, listHeight, loadMore])

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget ?? (event.target as HTMLDivElement)
    if (target.scrollTop + target.clientHeight >= target.scrollHeight - BOTTOM_THRESHOLD) loadMore()
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next)
  }

  const notFound = loading ? <Spin size="small" /> : failed ? 'Could not load the options' : 'No options'

  const common = {
    id,
    'aria-label': props['aria-label'],
    placeholder,
    disabled,
    allowClear,
    style: { width: '100%', ...style },
    labelInValue: true,
    options,
    listHeight,
    virtual: false,
    loading,
    notFoundContent: notFound,
    showSearch: {
      searchValue: typed,
      onSearch: setTyped,
      filterOption: false as const,
    },
    onOpenChange,
    onPopupScroll,
    // The search is controlled: clear it as antd would (after a choice, and on leaving).
    onSelect: () => setTyped(''),
    onBlur: () => setTyped(''),
    popupRender: (menu: ReactElement) => (
      <>
        {menu}
        {loading && options.length > 0 && (
          <div style={{ textAlign: 'center', padding: 4 }}>
            <Spin size="small" />
          </div>
        )}
      </>
    ),
  }

  if (props.multiple) {
    return (
      <Select<AsyncValue[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(value) => props.onChange?.(toOptions(value))}
      />
    )
  }
  return (
    <Select<AsyncValue | null>
      {...common}
      value={props.value ?? null}
      onChange={(value) => props.onChange?.(value ? toOption(value) : null)}
    />
  )
}

/** antd hands back `{ value, label, key }`; keep `{ value, label }`. */
function toOption(value: { value: string | number; label?: ReactNode }): AsyncValue {
  return { value: String(value.value), label: value.label }
}

function toOptions(values: Array<{ value: string | number; label?: ReactNode }> | null | undefined): AsyncValue[] {
  return (values ?? []).map(toOption)
}
