/**
 * The view of a request waiting for a decision (a new nonprofit, a giving partner; useDecision):
 * a card with its details (DetailItem rows: the verification and, once rejected, the reason among
 * them, request-items.tsx) and Approve and Reject beside Back, as far as the request may still go
 * either way. Approve asks in the shared confirmation dialog and sends an empty reason; Reject
 * asks for the reason in the same dialog ('Please Enter Add Reason') and sends it.
 */
import type { ReactNode } from 'react'
import { Button, Descriptions, Space } from 'antd'
import { Card } from './Card'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { ConfirmDialog, type ConfirmValues } from './ConfirmDialog'
import type { DetailItem } from './request-items'
import type { Decision } from './useDecision'
import type { TextLimit } from '../lib/limits'

export const APPROVE_TITLE = 'Are you sure you want to Approve ?'
export const REJECT_TITLE = 'Are you sure you want to Reject ?'

export interface DecisionCardProps {
  title: string
  /** The way back (a Button). */
  back: ReactNode
  items: DetailItem[]
  decision: Decision
  canApprove: boolean
  canReject: boolean
  /** The request's name: the dialogs' small text. */
  name: ReactNode
  /** The server's limit of the reason. */
  reasonLimit: TextLimit
  /** The Reject dialog's cancel label ('No' unless said). */
  rejectCancelLabel?: string
}

export function DecisionCard({
  title,
  back,
  items,
  decision,
  canApprove,
  canReject,
  name,
  reasonLimit,
  rejectCancelLabel,
}: DecisionCardProps) {
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {canApprove && (
            <Button type="primary" icon={<CheckOutlined />} onClick={decision.askApprove}>
              Approve
            </Button>
          )}
          {canReject && (
            <Button danger icon={<CloseOutlined />} onClick={decision.askReject}>
              Reject
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      <ConfirmDialog
        open={decision.approveOpen && canApprove}
        title={APPROVE_TITLE}
        text={name}
        onConfirm={() => decision.decide('Approve', '')}
        onCancel={decision.close}
      />
      <ConfirmDialog
        open={decision.rejectOpen && canReject}
        title={REJECT_TITLE}
        text={name}
        withReason
        reasonLimit={reasonLimit}
        cancelLabel={rejectCancelLabel}
        onConfirm={({ reason }: ConfirmValues) => decision.decide('Reject', reason ?? '')}
        onCancel={decision.close}
      />
    </Card>
  )
}
