/**
 * /dashboard: who is signed in, the sub-admin counts, the giving and nonprofit summary cards
 * (GET dashboard-data: a service that is down leaves its cards marked unavailable) and two
 * graphs by month for a chosen year: new donors, and new nonprofits.
 *
 * A nonprofit admin's dashboard is its own nonprofit's (the server answers it nothing else):
 * donations to it, its events and communities, and by month its new donors and donations and
 * the amount it received. The platform's cards (sub-admins, giving partners, every nonprofit's
 * counts and requests) are not shown to it.
 */
import { Avatar, Button, Col, Row, Space, Statistic, Tag } from 'antd'
import { Text } from '../../../components/Text'
import { Heading } from '../../../components/Heading'
import { Card } from '../../../components/Card'
import { TeamOutlined, UserOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { getSubAdminCounts } from '../api/sub-admin-counts'
import { formatCents } from '../../../lib/format'
import { fullName, isCharityAdminUser, useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import { useRecord } from '../../../lib/query'
import { FigureCards } from '../components/FigureCards'
import { useDashboardData } from '../use-dashboard-data'
import { YearGraphCard } from '../components/YearGraphCard'
import type { MonthSeries } from '../graph-data'
import { isNonprofitDashboard } from '../types'
import { getCharityYearGraph, getDonorYearGraph } from '../api/dashboard'

const DONOR_SERIES: MonthSeries[] = [
  { key: 'donors', label: 'New Donors', color: '#1f6f5c' },
  { key: 'donations', label: 'Donations', color: '#d9a441' },
]
const CHARITY_SERIES: MonthSeries[] = [
  { key: 'nonprofits', label: 'New Nonprofits', color: '#2f6fb0' },
  { key: 'requests', label: 'Requests', color: '#c0584f' },
]
const AMOUNT_SERIES: MonthSeries[] = [
  {
    key: 'amountCents',
    label: 'Amount Received ($)',
    color: '#2f6fb0',
    divisor: 100,
    format: (dollars) => formatCents(Math.round(dollars * 100)),
  },
]

const ROLE_LABELS: Record<string, string> = {
  Admin: 'Main Admin',
  'Sub Admin': 'Sub Admin',
  'Charity Admin': 'Nonprofit Admin',
}

function SubAdminCard() {
  const navigate = useNavigate()
  const { value: counts, error, loading } = useRecord(['sub-admin', 'counts'], getSubAdminCounts)

  return (
    <Card
      title={
        <Space>
          <TeamOutlined /> Sub Admins
        </Space>
      }
      loading={loading}
      extra={
        <Button type="link" onClick={() => navigate(paths.subAdminList())}>
          Manage
        </Button>
      }
    >
      {error ? (
        <Text type="secondary">The figures could not be loaded.</Text>
      ) : (
        <Row gutter={16}>
          <Col span={12}>
            <Statistic title="Total Sub Admins" value={counts?.total ?? 0} />
          </Col>
          <Col span={12}>
            <Statistic title="Active Sub Admins" value={counts?.active ?? 0} />
          </Col>
        </Row>
      )}
    </Card>
  )
}

/** The nonprofit a nonprofit admin runs (from its dashboard's figures, once they arrive). */
function OwnNonprofitName() {
  const { value: data } = useDashboardData()
  const name = data && isNonprofitDashboard(data) ? data.nonprofit?.charityName : undefined
  return name ? <Text strong>{name}</Text> : null
}

export default function DashboardScreen() {
  const { user, can } = useAccess()
  if (!user) return null
  const role = ROLE_LABELS[user.adminType] ?? user.adminType
  const nonprofit = isCharityAdminUser(user)

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={nonprofit ? 24 : 12}>
        <Card>
          <Space size="large" align="center">
            <Avatar size={56} icon={<UserOutlined />} style={{ background: '#1f6f5c' }} />
            <div>
              <Heading level={4} style={{ margin: 0 }}>
                Welcome, {fullName(user) || user.email}
              </Heading>
              <Space size="small" wrap style={{ marginTop: 4 }}>
                <Tag color="green">{role}</Tag>
                {nonprofit && <OwnNonprofitName />}
                <Text type="secondary">{user.email}</Text>
              </Space>
            </div>
          </Space>
        </Card>
      </Col>
      {!nonprofit && can(SLUGS.subAdmin, 'view') && (
        <Col xs={24} lg={12}>
          <SubAdminCard />
        </Col>
      )}
      <FigureCards nonprofit={nonprofit} />
      <Graphs nonprofit={nonprofit} />
    </Row>
  )
}

/**
 * The graphs by month: new donors and donations, then the new nonprofits and requests (the
 * platform's) or the amount received (a nonprofit admin's own; both from its donor months).
 */
function Graphs({ nonprofit }: { nonprofit: boolean }) {
  const donors = ['dashboard', 'graph', 'donors']
  return (
    <>
      <Col xs={24} xl={12}>
        <YearGraphCard
          title={nonprofit ? 'Donors and Donations by Month' : 'Donors by Month'}
          queryKey={donors}
          load={getDonorYearGraph}
          series={DONOR_SERIES}
        />
      </Col>
      <Col xs={24} xl={12}>
        {nonprofit ? (
          <YearGraphCard
            title="Amount Received by Month"
            queryKey={donors}
            load={getDonorYearGraph}
            series={AMOUNT_SERIES}
          />
        ) : (
          <YearGraphCard
            title="Nonprofits by Month"
            queryKey={['dashboard', 'graph', 'nonprofits']}
            load={getCharityYearGraph}
            series={CHARITY_SERIES}
          />
        )}
      </Col>
    </>
  )
}
