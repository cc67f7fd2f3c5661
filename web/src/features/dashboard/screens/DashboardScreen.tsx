/** /dashboard: who is signed in, and the figures that exist so far (sub-admin counts). */
import { Avatar, Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd'
import { TeamOutlined, UserOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { getSubAdminCounts } from '../api/sub-admin-counts'
import { fullName, useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import { useRecord } from '../../../lib/query'

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
    </Row>
  )
}
