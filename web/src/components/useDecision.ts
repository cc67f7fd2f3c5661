/**
 * Approve and Reject on a request's view (a new nonprofit, a giving partner; Decision.tsx shows
 * them): which dialog is open, and the decision, sent once (a second Yes while it runs is
 * ignored). The dialog closes whatever the answer (the request client has shown a failure);
 * the server's message (or 'Success') shows and `decided` follows a decision (it leaves the
 * view). `refresh` runs after the call, failed or not.
 */
import { useRef, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../lib/toast'

export type Verdict = 'Approve' | 'Reject'

export interface DecisionOptions {
  send: (verdict: Verdict, reason: string) => Promise<{ message?: string }>
  decided: (verdict: Verdict) => void
  refresh: () => void
  /** The dialog open at first (the list's Approve or Reject link). */
  opened?: string | null
}

export interface Decision {
  approveOpen: boolean
  rejectOpen: boolean
  askApprove: () => void
  askReject: () => void
  close: () => void
  decide: (verdict: Verdict, reason: string) => Promise<void>
}

export function useDecision({ send, decided, refresh, opened = null }: DecisionOptions): Decision {
  const [approveOpen, setApproveOpen] = useState(opened === 'approve')
  const [rejectOpen, setRejectOpen] = useState(opened === 'reject')
  const deciding = useRef(false)
  const verify = useMutation({
    mutationFn: ({ verdict, reason }: { verdict: Verdict; reason: string }) => send(verdict, reason),
    onSettled: () => refresh(),
  })

  const close = () => {
    setApproveOpen(false)
    setRejectOpen(false)
  }

  const decide = async (verdict: Verdict, reason: string) => {
    if (deciding.current) return
    deciding.current = true
    let done = false
    try {
      const res = await verify.mutateAsync({ verdict, reason })
      toast.success(res.message || 'Success')
      done = true
    } catch {
      // The request client has shown the server's message, or 'Something went wrong'.
    } finally {
      deciding.current = false
      close()
    }
    if (done) decided(verdict)
  }

  return {
    approveOpen,
    rejectOpen,
    askApprove: () => setApproveOpen(true),
    askReject: () => setRejectOpen(true),
    close,
    decide,
  }
}
