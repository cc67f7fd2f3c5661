/**
 * /master ("New Nonprofit", module /master, view): nonprofits waiting for verification
 * (Pending), and in a second tab the rejected ones (a Rejected tag; Reason shows why). Each row
 * leads to /master/master_view/:id, where it is approved or rejected. Server paging and
 * sorting; search past 2 characters.
 */
import { useCallback, useMemo } from 'react'
import { Button, Space, Tabs, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { EyeOutlined, FileTextOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import type { TableQuery } from '../../../components/DataTable'
import { useListTab } from '../../../lib/list-state'
import { ListCard } from '../../../components/ListCard'
import { RejectedReasonDialog } from '../../../components/RejectedReasonDialog'
import { dateColumn } from '../../../components/RowStatus'
import { useShownRow } from '../../../components/useShownRow'
import { listCharities } from '../api/list-charities'
import type { CharityRow } from '../types'
import { charityColumns } from '../columns'
import { CHARITY_SEARCH_MIN_LENGTH } from '../constants'
import { paths } from '../../../paths'
import { SLUGS } from '../../../lib/modules'

const TAB_KEYS = ['pending', 'rejected'] as const
type TabKey = (typeof TAB_KEYS)[number]

const TABS = [
  { key: 'pending', label: 'Pending' },
  { key: 'rejected', label: 'Rejected' },
]

export default function NewNonprofitScreen() {
  const [tab, setTab] = useListTab<TabKey>(TAB_KEYS, 'pending')
  const rejected = tab === 'rejected'
  // The row whose rejection reason is shown.
  const reason = useShownRow<CharityRow>()
  const showReason = reason.show

  const filter = useMemo(
    () => ({ isNavigator: false, adminVerification: rejected ? ('Reject' as const) : ('Pending' as const) }),
    [rejected],
  )
  const fetch = useCallback((query: TableQuery) => listCharities({ ...query, ...filter }), [filter])

  const columns = useMemo(() => {
    const list: ColumnsType<CharityRow> = [...charityColumns(), dateColumn('Created At', 'createdAt')]
    // The status is a tag (it reads as a state, not as something to press); the reason is an action.
    if (rejected) {
      list.push({ title: 'Status', key: 'verification', render: () => <Tag color="error">Rejected</Tag> })
    }
    list.push({
      title: 'Action',
      key: 'action',
      render: (_, row) => (
        <Space size="small" wrap>
          <Link to={paths.newNonprofitView(row._id)} aria-label={`View ${row.charityName}`}>
            <EyeOutlined /> View
          </Link>
          {rejected && (
            <Button
              type="link"
              size="small"
              icon={<FileTextOutlined />}
              aria-label={`Rejected reason of ${row.charityName}`}
              onClick={() => showReason(row)}
            >
              Reason
            </Button>
          )}
        </Space>
      ),
    })
    return list
  }, [rejected, showReason])

  return (
    <ListCard<CharityRow>
      empty="No new nonprofits: nonprofits waiting for approval show here"
      title="New Nonprofit"
      tabs={<Tabs activeKey={tab} items={TABS} onChange={(key) => setTab(key as TabKey)} />}
      searchPlaceholder="Search by Nonprofit Name"
      searchMinLength={CHARITY_SEARCH_MIN_LENGTH}
      queryKey={['charity', 'list', filter]}
      aria-label={!rejected ? 'Nonprofits waiting for verification' : 'Rejected nonprofits'}
      columns={columns}
      fetch={fetch}
      bulk={{ module: SLUGS.newNonprofit, nameOf: (row) => row.charityName, filter }}
    >
      <RejectedReasonDialog shown={reason} nameOf={(row) => row.charityName} />
    </ListCard>
  )
}
