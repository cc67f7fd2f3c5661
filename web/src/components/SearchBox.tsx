/** A search input that reports its text after a pause (700 ms by default). */
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
}

export function SearchBox({ placeholder, onSearch, delay = SEARCH_DEBOUNCE_MS, minLength = 0, style }: SearchBoxProps) {
  const [value, setValue] = useState('')
  const lastSent = useRef('')
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
