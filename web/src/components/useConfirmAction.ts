/**
 * Confirm, then call once, show the server's message and close: for a screen's actions that are
 * not a list row's status toggle or delete (useRowActions), e.g. hide, restore, remove a member.
 * `ask({ title, text, run, after })` opens the shared ConfirmDialog (`<ConfirmDialog {...dialog} />`);
 * Yes calls `run` once (a second Yes while it runs is ignored), shows its message (or 'Success'),
 * closes the dialog whether the call succeeds or fails (the request client has shown a failure, or
 * stays silent where SPEC section 8 says so) and then calls `after` (usually a refresh).
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { toast } from '../lib/toast'

export interface ConfirmRequest {
  title: string
  text?: ReactNode
  run: () => Promise<{ message?: string } | undefined>
  after?: () => void
}

export interface ConfirmActionDialogProps {
  open: boolean
  title: string
  text?: ReactNode
  onConfirm: () => Promise<void>
  onCancel: () => void
}

export function useConfirmAction(): { ask: (request: ConfirmRequest) => void; dialog: ConfirmActionDialogProps } {
  // What the dialog shows; it outlives the answer so the closing dialog keeps its title.
  const [shown, setShown] = useState<ConfirmRequest | null>(null)
  const [open, setOpen] = useState(false)
  const pending = useRef<ConfirmRequest | null>(null)
  const busy = useRef(false)

  const ask = useCallback((request: ConfirmRequest) => {
    if (pending.current || busy.current) return
    pending.current = request
    setShown(request)
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
    try {
      const res = await request.run()
      toast.success(res?.message || 'Success')
    } catch {
      // The request client has shown the failure (or stays silent, as SPEC section 8 says).
    } finally {
      busy.current = false
      if (pending.current === request) pending.current = null
      setOpen(false)
      request.after?.()
    }
  }, [])

  const dialog = useMemo(
    () => ({ open, title: shown?.title ?? '', text: shown?.text, onConfirm, onCancel }),
    [open, shown, onConfirm, onCancel],
  )
  return { ask, dialog }
}
