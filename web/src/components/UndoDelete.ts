/**
 * A delete's success toast (the server's message, as SPEC section 2 has it), with Undo for the
 * toast's 5 seconds when the record's module keeps a trash (modules.json `trash`: a module given
 * one later offers Undo with no change here). Undo restores the record from the trash, shows the
 * restore's message (or the request client shows why it could not: restored already, a name
 * taken meanwhile) and refreshes what the delete refreshed, so the row is back.
 *
 * Keyboard and screen readers: the toast is an alert (read out as it shows) that says Undo is
 * available; the keyboard's focus moves to its Undo button (named 'Undo delete of <name>', with
 * the console's focus ring), where the deleted row's button it was on is gone. When the toast
 * closes with the focus still on it, the focus goes to the page's main region, not nowhere. The
 * confirmation dialog the delete was answered in leaves the focus there (useRowActions,
 * useConfirmAction: `restoreFocus`).
 */
import { createElement } from 'react'
import { hasTrash } from '../lib/modules'
import { toast } from '../lib/toast'
import type { Undoable } from '../lib/trash'
import { UndoAction } from './UndoAction'

/**
 * Shows a delete's success toast: with Undo when `undo` names a record of a module with a trash
 * (then answers true: the Undo button takes the keyboard's focus), else the plain toast (false).
 * `refresh` runs after an Undo (the list the row comes back to).
 */
export function toastDeleted(message: string, undo?: Undoable | null, refresh?: () => unknown): boolean {
  if (!undo?._id || !hasTrash(undo.module)) {
    toast.success(message)
    return false
  }
  const key = `undo ${undo.module} ${undo._id}`
  toast.successWith(message, key, createElement(UndoAction, { toastKey: key, undo, refresh }))
  return true
}
