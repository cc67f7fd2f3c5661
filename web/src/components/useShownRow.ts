/**
 * The row a dialog shows (a rejection's reason): `show(row)` opens it, `close()` closes it, and
 * the row stays while the dialog animates out, so its text does not change.
 */
import { useCallback, useState } from 'react'

export interface ShownRow<T> {
  row: T | null
  open: boolean
  show: (row: T) => void
  close: () => void
}

export function useShownRow<T>(): ShownRow<T> {
  const [row, setRow] = useState<T | null>(null)
  const [open, setOpen] = useState(false)
  const show = useCallback((next: T) => {
    setRow(next)
    setOpen(true)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  return { row, open, show, close }
}
