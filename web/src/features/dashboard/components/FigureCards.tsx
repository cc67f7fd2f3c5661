/**
 * The dashboard's summary cards, from GET dashboard-data. The platform's (main admin,
 * sub-admins): giving (donors, donations, amount, subscriptions), giving partners and
 * nonprofits. A nonprofit admin's: donations to its nonprofit (donors, donations, amount,
 * subscriptions) and its events and communities. A card whose service is listed as
 * unavailable says so (the rest of the page stays); while loading each card shows a skeleton.
 */
import type { ReactNode } from 'react'
import { Col, Row, Space, Statistic } from 'antd'
import { Text } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { BankOutlined, CalendarOutlined, DisconnectOutlined, GiftOutlined, SolutionOutlined } from '@ant-design/icons'
import { formatCents } from '../../../lib/format'
import {
  isNonprofitDashboard,
  type DashboardData,
  type FigureSource,
  type NonprofitDashboard,
  type PlatformDashboard,
} from '../types'
import { useDashboardData } from '../use-dashboard-data'

/** The title of a nonprofit admin's donations card: its nonprofit's name while the catalogue answers. */
function donationsTitle(data: DashboardData | null | undefined): string {
  const name = data && isNonprofitDashboard(data) ? data.nonprofit?.charityName : undefined
  return name ? `Donations to ${name}` : 'Donations to your nonprofit'
}

/** Columns of a card's figures: three a row, or four as two rows of two where the card is narrow. */
const THREE = { xs: 12, md: 8 }
const FOUR = { xs: 12, sm: 6, xl: 12 }

interface Figure {
  title: string
  value: number | string
}

function Unavailable({ what }: { what: string }) {
  return (
    <Space role="status">
      <DisconnectOutlined aria-hidden />
      <Text type="secondary">{`The ${what} figures are unavailable right now.`}</Text>
    </Space>
  )
}

function FigureCard({
  title,
  icon,
  loading,
  unavailable,
  what,
  figures,
}: {
  title: string
  icon: ReactNode
  loading: boolean
  unavailable: boolean
  what: string
  figures: Figure[]
}) {
  return (
    <Card
      title={
        <Space>
          {icon} {title}
        </Space>
      }
      loading={loading}
      style={{ height: '100%' }}
    >
      {unavailable ? (
        <Unavailable what={what} />
      ) : (
        <Row gutter={[16, 16]}>
          {figures.map((f) => (
            <Col key={f.title} {...(figures.length === 4 ? FOUR : THREE)}>
              <Statistic title={f.title} value={f.value} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  )
}

/** Whether a service's figures are missing: listed as unavailable, absent, or the whole call failed. */
function missing(data: DashboardData | null, failed: boolean, source: FigureSource, part: unknown): boolean {
  if (failed) return true
  if (!data) return false
  return (data.unavailable as readonly FigureSource[]).includes(source) || part === null
}

/** The cards of who is signed in: a nonprofit admin's own figures (`nonprofit`), else the platform's. */
export function FigureCards({ nonprofit = false }: { nonprofit?: boolean }) {
  return nonprofit ? <NonprofitFigureCards /> : <PlatformFigureCards />
}

function PlatformFigureCards() {
  const { value: answer, error, loading } = useDashboardData()
  const data = answer && !isNonprofitDashboard(answer) ? (answer as PlatformDashboard) : null
  const failed = Boolean(error)
  const giving = data?.giving
  const catalogue = data?.catalogue
  const givingDown = missing(data, failed, 'giving', giving)
  const catalogueDown = missing(data, failed, 'catalogue', catalogue)

  return (
    <>
      <Col xs={24} xl={12}>
        <FigureCard
          title="Giving"
          icon={<GiftOutlined />}
          loading={loading}
          unavailable={givingDown}
          what="giving"
          figures={[
            { title: 'Donors', value: giving?.donors ?? 0 },
            { title: 'Active Donors', value: giving?.activeDonors ?? 0 },
            { title: 'Donations', value: giving?.donations ?? 0 },
            { title: 'Amount Given', value: formatCents(giving?.amountCents ?? 0) },
            { title: 'Active Subscriptions', value: giving?.activeSubscriptions ?? 0 },
          ]}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <FigureCard
          title="Giving Partners"
          icon={<SolutionOutlined />}
          loading={loading}
          unavailable={givingDown}
          what="giving partner"
          figures={[
            { title: 'Approved Partners', value: giving?.approvedPartners ?? 0 },
            { title: 'Pending Partners', value: giving?.pendingPartners ?? 0 },
          ]}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <FigureCard
          title="Nonprofits"
          icon={<BankOutlined />}
          loading={loading}
          unavailable={catalogueDown}
          what="nonprofit"
          figures={[
            { title: 'Total Nonprofits', value: catalogue?.nonprofits ?? 0 },
            { title: 'Approved Nonprofits', value: catalogue?.approved ?? 0 },
            { title: 'Pending Requests', value: catalogue?.pendingRequests ?? 0 },
            { title: 'Causes', value: catalogue?.causes ?? 0 },
            { title: 'Categories', value: catalogue?.categories ?? 0 },
          ]}
        />
      </Col>
    </>
  )
}

/** A nonprofit admin's cards: donations to its nonprofit, its events and communities. */
function NonprofitFigureCards() {
  const { value: answer, error, loading } = useDashboardData()
  const data = answer && isNonprofitDashboard(answer) ? (answer as NonprofitDashboard) : null
  const failed = Boolean(error)
  const giving = data?.giving
  const engagement = data?.engagement

  return (
    <>
      <Col xs={24} xl={12}>
        <FigureCard
          title={donationsTitle(data)}
          icon={<GiftOutlined />}
          loading={loading}
          unavailable={missing(data, failed, 'giving', giving)}
          what="donation"
          figures={[
            { title: 'Donors', value: giving?.donors ?? 0 },
            { title: 'Donations', value: giving?.donations ?? 0 },
            { title: 'Amount Received', value: formatCents(giving?.amountCents ?? 0) },
            { title: 'Active Subscriptions', value: giving?.activeSubscriptions ?? 0 },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <FigureCard
          title="Events and Communities"
          icon={<CalendarOutlined />}
          loading={loading}
          unavailable={missing(data, failed, 'engagement', engagement)}
          what="event and community"
          figures={[
            { title: 'Events Hosted', value: engagement?.events ?? 0 },
            { title: 'Upcoming Events', value: engagement?.upcomingEvents ?? 0 },
            { title: 'Communities', value: engagement?.communities ?? 0 },
            { title: 'Community Members', value: engagement?.communityMembers ?? 0 },
          ]}
        />
      </Col>
    </>
  )
}
