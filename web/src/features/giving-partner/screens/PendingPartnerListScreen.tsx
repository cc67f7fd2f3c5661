/**
 * /strategic/pending_strategic_partner (Pending/Rejected Partners, view): giving partners
 * waiting for a decision and rejected ones. A pending row links to the strategic view to
 * approve or to reject it; a rejected row links there to approve it, and its View button shows
 * the reason in the shared dialog, read-only ('Rejected Reason').
 */
import { useMemo } from 'react'
import { Button, Space, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { ListCard } from '../../../components/ListCard'
import { RejectedReasonDialog } from '../../../components/RejectedReasonDialog'
import { dateColumn } from '../../../components/RowStatus'
import { useShownRow } from '../../../components/useShownRow'
import { listPendingPartners } from '../api/list-partners'
import type { Partner } from '../types'
import { NEWEST_APPLIED, PARTNER_SEARCH_PLACEHOLDER } from '../constants'
import { partnerColumns } from '../columns'
import { paths } from '../../../paths'
import { useAccess } from '../../../lib/session'
import { SLUGS } from '../../../lib/modules'

export default function PendingPartnerListScreen() {
  // The row whose reason is shown.
  const reason = useShownRow<Partner>()
  const showReason = reason.show
  // Approve and Reject need Approved Partners status (the server refuses them otherwise).
  const { can } = useAccess()
  const mayDecide = can(SLUGS.partner, 'status')

  const columns = useMemo<ColumnsType<Partner>>(
    () => [
      ...partnerColumns(),
      dateColumn('Applied At', 'appliedAt'),
      {
        title: 'Status',
        key: 'status',
        render: (_, row) =>
          row.adminVerification === 'Pending' ? <Tag color="gold">Pending</Tag> : <Tag color="error">Reject</Tag>,
      },
      {
        title: 'Action',
        key: 'action',
        render: (_, row) => (
          <Space size="small" wrap>
            {mayDecide && (
              <Link to={paths.partnerView(row._id, 'approve')} aria-label={`Approve ${row.name}`}>
                <CheckOutlined /> Approve
              </Link>
            )}
            {row.adminVerification === 'Pending' ? (
              mayDecide && (
                <Link to={paths.partnerView(row._id, 'reject')} aria-label={`Reject ${row.name}`}>
                  <CloseOutlined /> Reject
                </Link>
              )
            ) : (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={`View rejected reason of ${row.name}`}
                onClick={() => showReason(row)}
              >
                View
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [mayDecide, showReason],
  )

  return (
    <ListCard<Partner>
      empty="No partner requests: requests to become a giving partner show here"
      title="Pending/Rejected Partners"
      searchPlaceholder={PARTNER_SEARCH_PLACEHOLDER}
      queryKey={['giving-partner', 'list', 'pending']}
      aria-label="Pending and rejected giving partners"
      columns={columns}
      fetch={listPendingPartners}
      bulk={{ module: SLUGS.pendingPartner, nameOf: (row) => row.name, filter: {} }}
      defaultSort={NEWEST_APPLIED}
    >
      <RejectedReasonDialog shown={reason} nameOf={(row) => row.name} />
    </ListCard>
  )
}
