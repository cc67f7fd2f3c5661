/**
 * Confirm, then call once, show the server's message and close: for a screen's actions that are
 * not a list row's status toggle or delete (useRowActions), e.g. hide, restore, remove a member.
 * `ask({ title, text, run, after })` opens the shared ConfirmDialog (`<ConfirmDialog {...dialog} />`);
 * Yes calls `run` once (a second Yes while it runs is ignored), shows its message (or 'Success'),
 * closes the dialog whether the call succeeds or fails (the request client has shown a failure, or
 * stays silent where SPEC section 8 says so) and then calls `after` (usually a refresh), and
 * `done` after a success only (a record's view going back to its list once it is deleted).
 * A delete names the record in `undo`: its toast offers Undo when the record's module has a trash
 * (components/UndoDelete.ts), and `after` runs again once it is restored.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { toastDeleted } from './UndoDelete'
import type { Undoable } from '../lib/trash'
import { toast } from '../lib/toast'

export interface ConfirmRequest {
  title: string
  text?: ReactNode
  run: () => Promise<{ message?: string } | undefined>
  after?: () => void
  /** After a success only, once the dialog is closed (after `after`). */
  done?: () => void
  /** The record a delete moves to the trash: its toast offers Undo (a module with a trash). */
  undo?: Undoable
}

export interface ConfirmActionDialogProps {
  open: boolean
  title: string
  text?: ReactNode
  onConfirm: () => Promise<void>
  onCancel: () => void
  /** False once a delete's Undo toast took the focus: the closing dialog leaves it there. */
  restoreFocus: boolean
}

export function useConfirmAction(): { ask: (request: ConfirmRequest) => void; dialog: ConfirmActionDialogProps } {
  // What the dialog shows; it outlives the answer so the closing dialog keeps its title.
  const [shown, setShown] = useState<ConfirmRequest | null>(null)
  const [open, setOpen] = useState(false)
  const [restoreFocus, setRestoreFocus] = useState(true)
  const pending = useRef<ConfirmRequest | null>(null)
  const busy = useRef(false)

  const ask = useCallback((request: ConfirmRequest) => {
    if (pending.current || busy.current) return
    pending.current = request
    setShown(request)
    setRestoreFocus(true)
    setOpen(true)
  }, [])

  const onCancel = useCallback(() => {
    pending.current = null
    setOpen(false)
  }, [])

  const onConfirm = useCallback(async () => {
    const request = pending.current
    if (!request || busy.current) return
    busy.current = true
    let succeeded = false
    try {
      const res = await request.run()
      const message = res?.message || 'Success'
      if (request.undo) {
        if (toastDeleted(message, request.undo, request.after)) setRestoreFocus(false)
      } else {
        toast.success(message)
      }
      succeeded = true
    } catch {
      // The request client has shown the failure (or stays silent, as SPEC section 8 says).
    } finally {
      busy.current = false
      if (pending.current === request) pending.current = null
      setOpen(false)
      request.after?.()
      if (succeeded) request.done?.()
    }
  }, [])

  const dialog = useMemo(
    () => ({ open, title: shown?.title ?? '', text: shown?.text, onConfirm, onCancel, restoreFocus }),
    [open, shown, onConfirm, onCancel, restoreFocus],
  )
  return { ask, dialog }
}
