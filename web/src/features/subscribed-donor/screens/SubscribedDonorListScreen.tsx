/**
 * /subscribed_donor: donors with their totals, in two tabs kept in the URL, 'One Time User List'
 * (POST oneTime) and 'Subscribe Donor List' (POST subscribeDonor, which adds the subscription
 * count); searched by donor name, paged and sorted on the server.
 */
import { useMemo } from 'react'
import { Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ListCard } from '../../../components/ListCard'
import { formatCents, formatCurrency, formatPhone } from '../../../lib/format'
import { useListTab } from '../../../lib/list-state'
import { listOneTimeDonors } from '../api/list-one-time'
import { listSubscribedDonors } from '../api/list-subscribed'
import type { DonorTotalsRow } from '../types'

const TAB_KEYS = ['one_time', 'subscribed'] as const
type TabKey = (typeof TAB_KEYS)[number]

const TABS = [
  { key: 'one_time', label: 'One Time User List' },
  { key: 'subscribed', label: 'Subscribe Donor List' },
]

/** The server has no creation date for these rows: they start by donor name. */
const BY_NAME = { column: 'firstName', order: 'asc' } as const

const nameOf = (row: DonorTotalsRow) => [row.firstName, row.lastName].filter(Boolean).join(' ')

/** The total in dollars with two decimals: '$1,234.50' (from the cents, else from the dollars text). */
function dollars(row: DonorTotalsRow): string {
  if (Number.isInteger(row.totalAmountCents)) return formatCents(row.totalAmountCents)
  const text = formatCurrency(row.totalAmount)
  return text && !text.includes('.') ? `${text}.00` : text
}

export default function SubscribedDonorListScreen() {
  const [tab, setTab] = useListTab<TabKey>(TAB_KEYS, 'one_time')
  const subscribed = tab === 'subscribed'

  const columns = useMemo(() => {
    const list: ColumnsType<DonorTotalsRow> = [
      { title: 'Donor Name', key: 'firstName', sorter: true, render: (_, row) => nameOf(row) },
      { title: 'Nonprofit / Community Name', key: 'name', dataIndex: 'name', sorter: true },
      { title: 'Donor Email', key: 'email', dataIndex: 'email', sorter: true },
      { title: 'Donor Phone', key: 'phoneNumber', render: (_, row) => formatPhone(row.phoneNumber) },
      { title: 'Total Amount', key: 'totalAmount', sorter: true, align: 'right', render: (_, row) => dollars(row) },
    ]
    if (subscribed) {
      list.push({
        title: 'Subscription Count',
        key: 'subscribedDonorCount',
        dataIndex: 'subscribedDonorCount',
        sorter: true,
        align: 'right',
      })
    }
    return list
  }, [subscribed])

  return (
    <ListCard<DonorTotalsRow>
      empty="No subscribed donors yet: donors who give every month show here"
      title="Subscribed Donor"
      tabs={<Tabs activeKey={tab} items={TABS} onChange={(key) => setTab(key as TabKey)} />}
      searchPlaceholder="Search By Donor Name"
      queryKey={['subscribed-donor', 'list', tab]}
      aria-label={subscribed ? 'Subscribed donors' : 'One time donors'}
      columns={columns}
      defaultSort={BY_NAME}
      fetch={subscribed ? listSubscribedDonors : listOneTimeDonors}
    />
  )
}
