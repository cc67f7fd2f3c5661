/** The Undo button of a delete's toast (components/UndoDelete.ts says how it behaves). */
import { useEffect, useRef } from 'react'
import { Button } from 'antd'
import { restoreFromTrash, undoLabel, type Undoable } from '../lib/trash'
import { TOAST_DURATION_SECONDS, toast } from '../lib/toast'

export function UndoAction({ toastKey, undo, refresh }: { toastKey: string; undo: Undoable; refresh?: () => unknown }) {
  const button = useRef<HTMLButtonElement>(null)
  const focused = useRef(false)
  const used = useRef(false)

  useEffect(() => {
    button.current?.focus()
    return () => {
      // Closed (its time, its close button, Undo) with the focus on it: the focus would be lost.
      const lost = !document.activeElement || document.activeElement === document.body
      if (focused.current && lost) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true })
    }
  }, [])

  const onUndo = async () => {
    if (used.current) return
    used.current = true
    toast.close(toastKey)
    try {
      const res = await restoreFromTrash([{ module: undo.module, _id: undo._id }])
      toast.success(res.message || 'Restored successfully')
    } catch {
      // The request client has shown why (restored or deleted for good already, a name taken).
    }
    await refresh?.()
  }

  return (
    <>
      <span className="gc-visually-hidden">Undo is available for {TOAST_DURATION_SECONDS} seconds.</span>
      <Button
        ref={button}
        size="small"
        onClick={onUndo}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        aria-label={undoLabel(undo.name)}
      >
        Undo
      </Button>
    </>
  )
}
