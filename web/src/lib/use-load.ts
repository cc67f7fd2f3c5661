/**
 * The one way a screen loads what it shows: `useLoad(key, load)` calls `load(key)` when the
 * key is set or changes, and answers the value, the failure's message and whether it is still
 * loading. An answer is kept with the key it was asked for, so a late answer for an earlier
 * key (the user moved on to another record) is never shown; a null key loads nothing.
 * The request client has already shown a failure as a toast; `error` is for the screen itself.
 */
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from './api-client'

export interface Loaded<T> {
  value: T | null
  error: string | null
  loading: boolean
}

interface Answer<T> {
  key: string
  value: T | null
  error: string | null
}

export function useLoad<T>(key: string | null, load: (key: string) => Promise<T>): Loaded<T> {
  // The latest loader, read when the key changes (callers usually pass an inline closure).
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  const [answer, setAnswer] = useState<Answer<T> | null>(null)

  useEffect(() => {
    if (key === null) return
    let active = true
    loadRef
      .current(key)
      .then((value) => active && setAnswer({ key, value, error: null }))
      .catch((e: unknown) => active && setAnswer({ key, value: null, error: errorMessage(e) }))
    return () => {
      active = false
    }
  }, [key])

  const current = key !== null && answer?.key === key ? answer : null
  return { value: current?.value ?? null, error: current?.error ?? null, loading: key !== null && current === null }
}
