/**
 * Why a request was rejected, read-only in the shared dialog ('Rejected Reason', Cancel only),
 * for the row useShownRow shows; `nameOf` gives the dialog's small text.
 */
import type { ReactNode } from 'react'
import { ConfirmDialog } from './ConfirmDialog'
import type { ShownRow } from './useShownRow'

export function RejectedReasonDialog<T extends { rejectReason?: string | null }>({
  shown,
  nameOf,
}: {
  shown: ShownRow<T>
  nameOf: (row: T) => ReactNode
}) {
  return (
    <ConfirmDialog
      open={shown.open}
      title="Rejected Reason"
      text={shown.row ? nameOf(shown.row) : undefined}
      withReason
      reasonReadOnly
      reason={shown.row?.rejectReason ?? ''}
      cancelLabel="Cancel"
      onCancel={shown.close}
    />
  )
}
