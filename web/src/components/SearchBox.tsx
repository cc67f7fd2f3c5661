/**
 * A search input that reports its text after a pause (700 ms by default). `applied` is the
 * search in effect when it is kept elsewhere (a list's URL): the box starts from it and shows
 * it again when it changes from outside (Back, a link), without reporting it back.
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import { Input } from 'antd'
import { SearchOutlined } from '@ant-design/icons'

export const SEARCH_DEBOUNCE_MS = 700

export interface SearchBoxProps {
  placeholder: string
  onSearch: (text: string) => void
  /** Milliseconds to wait after the last keystroke. */
  delay?: number
  /** Shortest text that searches; an empty box always resets the search. */
  minLength?: number
  style?: CSSProperties
  /** The search in effect, kept by the caller. */
  applied?: string
}

export function SearchBox({
  placeholder,
  onSearch,
  delay = SEARCH_DEBOUNCE_MS,
  minLength = 0,
  style,
  applied = '',
}: SearchBoxProps) {
  const [value, setValue] = useState(applied)
  const lastSent = useRef(applied)
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  })

  const emit = useCallback(
    (raw: string) => {
      const text = raw.trim()
      if (text !== '' && text.length < minLength) return
      if (text === lastSent.current) return
      lastSent.current = text
      onSearchRef.current(text)
    },
    [minLength],
  )

  // The search changed from outside (Back, a link): the box shows it.
  useEffect(() => {
    if (applied === lastSent.current) return
    lastSent.current = applied
    setValue(applied)
  }, [applied])

  useEffect(() => {
    const timer = window.setTimeout(() => emit(value), delay)
    return () => window.clearTimeout(timer)
  }, [value, delay, emit])

  return (
    <Input
      allowClear
      aria-label={placeholder}
      placeholder={placeholder}
      prefix={<SearchOutlined />}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => emit(value)}
      style={{ maxWidth: 360, ...style }}
    />
  )
}
