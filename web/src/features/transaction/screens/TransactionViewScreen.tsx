/**
 * /transaction/transaction_view/:id: every field of a transaction, its fee and charge breakdown
 * (amount, processing fee x.xx % = $.., service charge x.xx % = $.., net), the donor as a link to
 * their view (unless deleted) and a nonprofit recipient as a link to the nonprofit's view.
 */
import { Button, Descriptions, Skeleton, Space } from 'antd'
import { Card } from '../../../components/Card'
import { Link, useNavigate, useParams } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { formatBasisPoints, formatCents, formatDate } from '../../../lib/format'
import { useRecord } from '../../../lib/query'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { getTransaction } from '../api/get-transaction'
import { TransactionStatusTag } from '../../../components/TransactionStatusTag'
import { paymentMethodLabel, recipientTypeLabel, typeLabel } from '../../../lib/transaction-labels'
import { DELETED_DONOR, type Transaction } from '../types'

const dash = (value: string | null | undefined) => value || '-'

function DonorLink({ t }: { t: Transaction }) {
  if (!t.donorId || t.donorName === DELETED_DONOR) return <>{dash(t.donorName)}</>
  return <Link to={paths.donorView(t.donorId)}>{t.donorName}</Link>
}

function RecipientLink({ t }: { t: Transaction }) {
  if (t.recipientType === 'charity' && t.recipientId) {
    return <Link to={paths.charityView(t.recipientId)}>{t.recipientName}</Link>
  }
  return <>{dash(t.recipientName)}</>
}

export default function TransactionViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { value: t, error } = useRecord(['transaction', id], () => getTransaction(id))

  const back = <Button onClick={() => navigate(listUrl(paths.transactionList()))}>Back</Button>
  if (error) return <LoadState title="Transaction Details" error={error} back={back} />

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Transaction Details" extra={back}>
        {!t ? (
          <Skeleton active />
        ) : (
          <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }}>
            <Descriptions.Item label="Receipt Number">{dash(t.receiptNumber)}</Descriptions.Item>
            <Descriptions.Item label="Date">{formatDate(t.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Donor">
              <DonorLink t={t} />
            </Descriptions.Item>
            <Descriptions.Item label="Donor Email">{dash(t.donorEmail)}</Descriptions.Item>
            <Descriptions.Item label="Recipient">
              <RecipientLink t={t} />
            </Descriptions.Item>
            <Descriptions.Item label="Recipient Type">{recipientTypeLabel(t.recipientType)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <TransactionStatusTag status={t.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Type">{typeLabel(t.type)}</Descriptions.Item>
            <Descriptions.Item label="Payment Method">{dash(paymentMethodLabel(t.paymentMethod))}</Descriptions.Item>
            <Descriptions.Item label="Currency">{dash(t.currency?.toUpperCase())}</Descriptions.Item>
            <Descriptions.Item label="Provider Reference">{dash(t.providerReference)}</Descriptions.Item>
            <Descriptions.Item label="Subscription">{dash(t.subscriptionId)}</Descriptions.Item>
            <Descriptions.Item label="Refunded At">{dash(formatDate(t.refundedAt))}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {t && (
        <Card title="Fee and Charge Breakdown">
          <Descriptions bordered column={1} aria-label="Fee and charge breakdown">
            <Descriptions.Item label="Amount">{formatCents(t.amountCents)}</Descriptions.Item>
            <Descriptions.Item label="Processing Fee">
              {`${formatBasisPoints(t.processingFeeBp)} = ${formatCents(t.processingFeeCents)}`}
            </Descriptions.Item>
            <Descriptions.Item label="Service Charge">
              {`${formatBasisPoints(t.serviceChargeBp)} = ${formatCents(t.serviceChargeCents)}`}
            </Descriptions.Item>
            <Descriptions.Item label="Net">{formatCents(t.netCents)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </Space>
  )
}
