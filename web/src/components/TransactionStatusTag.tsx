/** A transaction's status as a coloured tag. */
import { Tag } from 'antd'
import { STATUS_COLORS, statusLabel } from '../lib/transaction-labels'

export function TransactionStatusTag({ status }: { status: string }) {
  const color = (STATUS_COLORS as Record<string, string>)[status] ?? 'default'
  return <Tag color={color}>{statusLabel(status)}</Tag>
}
