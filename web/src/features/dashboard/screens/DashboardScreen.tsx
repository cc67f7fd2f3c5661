/**
 * /dashboard: who is signed in, the sub-admin counts, the giving and nonprofit summary cards
 * (GET dashboard-data: a service that is down leaves its cards marked unavailable) and two
 * graphs by month for a chosen year: new donors, and new nonprofits.
 */
import { Avatar, Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd'
import { TeamOutlined, UserOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { getSubAdminCounts } from '../api/sub-admin-counts'
import { fullName, useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import { useRecord } from '../../../lib/query'
import { FigureCards } from '../components/FigureCards'
import { YearGraphCard } from '../components/YearGraphCard'
import type { MonthSeries } from '../graph-data'
import { getCharityYearGraph, getDonorYearGraph } from '../api/dashboard'

const DONOR_SERIES: MonthSeries[] = [
  { key: 'donors', label: 'New Donors', color: '#1f6f5c' },
  { key: 'donations', label: 'Donations', color: '#d9a441' },
]
const CHARITY_SERIES: MonthSeries[] = [
  { key: 'nonprofits', label: 'New Nonprofits', color: '#2f6fb0' },
  { key: 'requests', label: 'Requests', color: '#c0584f' },
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
        <Typography.Text type="secondary">The figures could not be loaded.</Typography.Text>
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

export default function DashboardScreen() {
  const { user, can } = useAccess()
  if (!user) return null
  const role = ROLE_LABELS[user.adminType] ?? user.adminType

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card>
          <Space size="large" align="center">
            <Avatar size={56} icon={<UserOutlined />} style={{ background: '#1f6f5c' }} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                Welcome, {fullName(user) || user.email}
              </Typography.Title>
              <Space size="small" style={{ marginTop: 4 }}>
                <Tag color="green">{role}</Tag>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Space>
            </div>
          </Space>
        </Card>
      </Col>
      {can(SLUGS.subAdmin, 'view') && (
        <Col xs={24} lg={12}>
          <SubAdminCard />
        </Col>
      )}
      <FigureCards />
      <Col xs={24} xl={12}>
        <YearGraphCard title="Donors by Month" queryKey={['dashboard', 'graph', 'donors']} load={getDonorYearGraph} series={DONOR_SERIES} />
      </Col>
      <Col xs={24} xl={12}>
        <YearGraphCard
          title="Nonprofits by Month"
          queryKey={['dashboard', 'graph', 'nonprofits']}
          load={getCharityYearGraph}
          series={CHARITY_SERIES}
        />
      </Col>
    </Row>
  )
}
