/**
 * The confirm-then-call-then-reload flow of a list's row actions (status toggle and delete),
 * shared by every list screen: `askStatus(row)` / `askDelete(row)` open the shared
 * ConfirmDialog with the exact titles of SPEC section 2, Yes calls the server once, shows its
 * message, closes the dialog and reloads the list.
 *
 * The dialog closes deterministically:
 * - Yes always closes it, whether the call succeeds or fails (the request client has shown
 *   the failure), so the dialog never waits on a rejected promise;
 * - the pending row lives in a ref as well as in state, and the callbacks handed to the
 *   dialog are stable and read that ref, so a stale render (antd keeps rendering the old
 *   footer while a modal animates) can never act on an old row or on "no row";
 * - a second Yes while the call runs, and a second opening while a dialog is shown, are
 *   ignored (no double call, no double open);
 * - the title and text stay those of the last action while the dialog animates out.
 *
 * A delete's toast offers Undo for its 5 seconds when `trash` names a module with a trash
 * (components/UndoDelete.ts): Undo restores the row (found by its `_id`, named by `describe`)
 * and reloads the list.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { rowActionTitle } from './RowStatus'
import { toastDeleted } from './UndoDelete'
import { toast } from '../lib/toast'

export type RowActionKind = 'status' | 'delete'

export interface PendingRowAction<T> {
  kind: RowActionKind
  row: T
}

/** What the calls answer (the BFF envelope); only `message` is read. */
export interface RowActionResult {
  message?: string
}

export interface RowActionsOptions<T> {
  /** Sends the new status (the opposite of `row.isActive`). */
  setStatus?: (row: T, isActive: boolean) => Promise<RowActionResult>
  /** Deletes the row. */
  remove?: (row: T) => Promise<RowActionResult>
  /** Reloads the list after the call (success or failure: the row may have changed meanwhile). */
  reload: () => void
  /** The dialog's small text for a row (usually its name; the Undo button's name too). */
  describe?: (row: T) => ReactNode
  /**
   * The module (SLUGS) whose trash keeps the deleted rows: the delete's toast offers Undo when
   * modules.json gives it a trash.
   */
  trash?: string
}

/** Props for the shared ConfirmDialog: `<ConfirmDialog {...actions.dialog} />`. */
export interface RowActionDialogProps {
  open: boolean
  title: string
  text?: ReactNode
  onConfirm: () => Promise<void>
  onCancel: () => void
  /** False once a delete's Undo toast took the focus: the closing dialog leaves it there. */
  restoreFocus: boolean
}

export interface RowActions<T> {
  askStatus: (row: T) => void
  askDelete: (row: T) => void
  /** The action waiting for confirmation (null once the dialog was answered). */
  pending: PendingRowAction<T> | null
  dialog: RowActionDialogProps
}

export function useRowActions<T extends { isActive?: boolean }>(options: RowActionsOptions<T>): RowActions<T> {
  // The latest options, read at call time (they are usually inline closures).
  const optionsRef = useRef(options)
  useEffect(() => {
    optionsRef.current = options
  })

  // `shown` is what the dialog displays; it outlives the answer so the closing dialog keeps its title.
  const [shown, setShown] = useState<PendingRowAction<T> | null>(null)
  const [open, setOpen] = useState(false)
  const [restoreFocus, setRestoreFocus] = useState(true)
  const pendingRef = useRef<PendingRowAction<T> | null>(null)
  const busyRef = useRef(false)

  const ask = useCallback((kind: RowActionKind, row: T) => {
    if (pendingRef.current || busyRef.current) return
    const action = { kind, row }
    pendingRef.current = action
    setShown(action)
    setRestoreFocus(true)
    setOpen(true)
  }, [])

  const askStatus = useCallback((row: T) => ask('status', row), [ask])
  const askDelete = useCallback((row: T) => ask('delete', row), [ask])

  const onCancel = useCallback(() => {
    // While the call runs the dialog's buttons are disabled; its close icon still ends here,
    // and the running call then closes nothing more and reloads as usual.
    pendingRef.current = null
    setOpen(false)
  }, [])

  const onConfirm = useCallback(async () => {
    const action = pendingRef.current
    if (!action || busyRef.current) return
    busyRef.current = true
    const { setStatus, remove, trash, describe, reload } = optionsRef.current
    try {
      const call = action.kind === 'status' ? setStatus?.(action.row, !action.row.isActive) : remove?.(action.row)
      if (!call) return
      const res = await call
      const message = res?.message || 'Success'
      if (action.kind === 'delete' && trash) {
        const { _id } = action.row as { _id?: unknown }
        const name = describe?.(action.row)
        const undo = { module: trash, _id: String(_id ?? ''), name: typeof name === 'string' ? name : '' }
        if (toastDeleted(message, undo, reload)) setRestoreFocus(false)
      } else {
        toast.success(message)
      }
    } catch {
      // The request client has shown the server's message (or the generic fallback).
    } finally {
      busyRef.current = false
      if (pendingRef.current === action) pendingRef.current = null
      setOpen(false)
      optionsRef.current.reload()
    }
  }, [])

  const describe = options.describe
  const text = shown && describe ? describe(shown.row) : undefined
  const title = rowActionTitle(shown)

  const dialog = useMemo<RowActionDialogProps>(
    () => ({ open, title, text, onConfirm, onCancel, restoreFocus }),
    [open, title, text, onConfirm, onCancel, restoreFocus],
  )

  return { askStatus, askDelete, pending: open ? shown : null, dialog }
}
