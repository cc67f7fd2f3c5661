/**
 * /donor/donor_view/:id: the donor's profile, what they have given (total and number of
 * donations), the badges they earned, their ten newest transactions (each a link to its view)
 * and their subscriptions.
 */
import { Avatar, Button, Col, Descriptions, Empty, Row, Skeleton, Space, Statistic, Tag } from 'antd'
import { Text } from '../../../components/Text'
import { Heading } from '../../../components/Heading'
import { Card } from '../../../components/Card'
import type { ColumnType } from 'antd/es/table'
import { UserOutlined } from '@ant-design/icons'
import { Link, useNavigate, useParams } from 'react-router'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { DetailTable } from '../../../components/DetailTable'
import { formatCents, formatDate, formatPhone, formatZip } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { TransactionStatusTag } from '../../../components/TransactionStatusTag'
import { recipientTypeLabel, typeLabel } from '../../../lib/transaction-labels'
import { getDonor } from '../api/get-donor'
import BadgeImage from '../../../components/BadgeImage'
import { DONOR_MEDIA_MODULE } from '../../../lib/media-modules'
import { donorName } from '../names'
import type { DonorTransaction, Subscription } from '../types'

const dash = (value: string | null | undefined) => value || '-'

/** 'monthly' -> 'Monthly' */
const capitalised = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : '')

/** Who a transaction or a subscription gives to, and what kind of recipient it is. */
const recipientColumn = <T extends { recipientName: string; recipientType: string }>(): ColumnType<T> => ({
  title: 'Recipient',
  key: 'recipientName',
  render: (_, row) => `${row.recipientName} (${recipientTypeLabel(row.recipientType)})`,
})

/** How much, in dollars. */
const amountColumn = <T extends { amountCents: number }>(): ColumnType<T> => ({
  title: 'Amount',
  key: 'amountCents',
  align: 'right',
  render: (_, row) => formatCents(row.amountCents),
})

export default function DonorViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { can } = useAccess()
  const meta = useMetaData()
  const { value: detail, error } = useRecord(['donor', id], () => getDonor(id))

  const back = <Button onClick={() => navigate(listUrl(paths.donorList()))}>Back</Button>
  if (error) return <LoadState title="Donor Details" error={error} back={back} />

  const donor = detail?.donor
  const name = donor ? donorName(donor) : ''

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="Donor Details"
        extra={
          <Space>
            {can(SLUGS.donor, 'edit') && <EditButton to={paths.donorEdit(id)} />}
            {back}
          </Space>
        }
      >
        {!donor ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Space size="middle" align="center">
              <Avatar
                size={72}
                icon={<UserOutlined />}
                src={donor.avatar ? mediaFileUrl(meta, DONOR_MEDIA_MODULE, donor.avatar) : undefined}
                alt={`${name} avatar`}
              />
              <Heading level={4} style={{ margin: 0 }}>
                {name}
              </Heading>
            </Space>
            <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }}>
              <Descriptions.Item label="First Name">{donor.firstName}</Descriptions.Item>
              <Descriptions.Item label="Last Name">{donor.lastName}</Descriptions.Item>
              <Descriptions.Item label="Email">{donor.email}</Descriptions.Item>
              <Descriptions.Item label="Phone Number">{dash(formatPhone(donor.phoneNumber))}</Descriptions.Item>
              <Descriptions.Item label="Address">{dash(donor.address)}</Descriptions.Item>
              <Descriptions.Item label="City">{dash(donor.city)}</Descriptions.Item>
              <Descriptions.Item label="State">{dash(donor.state)}</Descriptions.Item>
              <Descriptions.Item label="Country">{dash(donor.country)}</Descriptions.Item>
              <Descriptions.Item label="Zip Code">{dash(formatZip(donor.zipCode))}</Descriptions.Item>
              <Descriptions.Item label="Status">
                {donor.isActive ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="Joined">{formatDate(donor.createdAt)}</Descriptions.Item>
            </Descriptions>
          </Space>
        )}
      </Card>

      {detail && donor && (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Card>
                <Statistic title="Total Given" value={formatCents(donor.totalGivenCents ?? 0)} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card>
                <Statistic title="Donations" value={donor.donationsCount ?? 0} />
              </Card>
            </Col>
          </Row>

          <Card title="Badges Earned">
            {detail.badges.length === 0 ? (
              <Empty description="No badges earned yet" />
            ) : (
              <Space size="large" wrap>
                {detail.badges.map((b) => (
                  <Space key={b.badgeId} orientation="vertical" align="center" size={4}>
                    <BadgeImage name={b.name} image={b.image} size={64} />
                    <Text strong>{b.name}</Text>
                    <Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDate(b.awardedAt)}
                    </Text>
                  </Space>
                ))}
              </Space>
            )}
          </Card>

          <Card title="Recent Transactions">
            <DetailTable<DonorTransaction>
              label="Recent transactions"
              empty="No transactions yet"
              rowKey="_id"
              dataSource={detail.recentTransactions}
              columns={[
                {
                  title: 'Receipt',
                  key: 'receiptNumber',
                  render: (_, t) => (
                    <Link to={paths.transactionView(t._id)} aria-label={`View transaction ${t.receiptNumber || t._id}`}>
                      {t.receiptNumber || t._id}
                    </Link>
                  ),
                },
                { title: 'Date', key: 'createdAt', render: (_, t) => formatDate(t.createdAt) },
                recipientColumn(),
                { title: 'Type', key: 'type', render: (_, t) => typeLabel(t.type) },
                amountColumn(),
                { title: 'Status', key: 'status', render: (_, t) => <TransactionStatusTag status={t.status} /> },
              ]}
            />
          </Card>

          <Card title="Subscriptions">
            <DetailTable<Subscription>
              label="Subscriptions"
              empty="No subscriptions"
              rowKey="_id"
              dataSource={detail.subscriptions}
              columns={[
                recipientColumn(),
                amountColumn(),
                { title: 'Interval', key: 'interval', render: (_, s) => capitalised(s.interval) },
                { title: 'Status', key: 'status', render: (_, s) => capitalised(s.status) },
                { title: 'Charges', key: 'chargesCount', dataIndex: 'chargesCount' },
                { title: 'Started', key: 'startedAt', render: (_, s) => formatDate(s.startedAt) },
                { title: 'Next Charge', key: 'nextChargeAt', render: (_, s) => dash(formatDate(s.nextChargeAt)) },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  )
}
