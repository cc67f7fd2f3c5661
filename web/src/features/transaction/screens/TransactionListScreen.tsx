/**
 * /transaction: the donations, searchable by donor or recipient, filtered by date range, status,
 * type and recipient type (all kept in the URL), paged and sorted on the server; amounts in
 * dollars, an Export Excel of the current search, sort and filters with its progress, and a link
 * to each transaction's view.
 */
import { useMemo } from 'react'
import { Space } from 'antd'
import { actionColumn, columnsOf, dateColumn } from '../../../components/RowStatus'
import { DateRangeFilter } from '../../../components/DateRangeFilter'
import { DownloadProgress, ExportExcelButton } from '../../../components/ExportExcel'
import { FilterSelects, type FilterChoice } from '../../../components/FilterSelects'
import { ListCard } from '../../../components/ListCard'
import { useDownload } from '../../../components/useDownload'
import { formatCents } from '../../../lib/format'
import { NEWEST_FIRST, sortOf, useListFilters, useListView } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { paths } from '../../../paths'
import { exportTransactions } from '../api/export-transactions'
import { listTransactions } from '../api/list-transactions'
import { TransactionStatusTag } from '../../../components/TransactionStatusTag'
import { FILTER_NAMES, filterBody, optionsOf } from '../filters'
import {
  RECIPIENT_TYPE_LABELS,
  STATUS_LABELS,
  TYPE_LABELS,
  recipientTypeLabel,
  typeLabel,
} from '../../../lib/transaction-labels'
import type { Transaction } from '../types'

const SELECTS: Array<FilterChoice<'status' | 'type' | 'recipientType'>> = [
  {
    name: 'status',
    label: 'Filter by Status',
    placeholder: 'All statuses',
    width: 150,
    options: optionsOf(STATUS_LABELS),
  },
  { name: 'type', label: 'Filter by Type', placeholder: 'All types', width: 140, options: optionsOf(TYPE_LABELS) },
  {
    name: 'recipientType',
    label: 'Filter by Recipient Type',
    placeholder: 'All recipients',
    width: 160,
    options: optionsOf(RECIPIENT_TYPE_LABELS),
  },
]

const receiptOf = (row: Transaction) => row.receiptNumber || row._id

export default function TransactionListScreen() {
  const [filters, setFilters] = useListFilters(FILTER_NAMES)
  const body = useMemo(() => filterBody(filters), [filters])
  const [view] = useListView()

  // The export takes the list's current search, sort and filters; it shows how far it is.
  const download = useDownload((onProgress) =>
    exportTransactions({ search: view.search, ...sortOf(view), ...body }, onProgress),
  )

  const columns = useMemo(
    () =>
      columnsOf<Transaction>(
        { title: 'Receipt', key: 'receiptNumber', render: (_, row) => receiptOf(row) },
        dateColumn('Date', 'createdAt'),
        { title: 'Donor', key: 'donorName', dataIndex: 'donorName', sorter: true },
        { title: 'Recipient', key: 'recipientName', dataIndex: 'recipientName', sorter: true },
        { title: 'Recipient Type', key: 'recipientType', render: (_, row) => recipientTypeLabel(row.recipientType) },
        {
          title: 'Amount',
          key: 'amountCents',
          dataIndex: 'amountCents',
          sorter: true,
          align: 'right',
          render: (cents: number) => formatCents(cents),
        },
        { title: 'Type', key: 'type', render: (_, row) => typeLabel(row.type) },
        {
          title: 'Status',
          key: 'status',
          sorter: true,
          render: (_, row) => <TransactionStatusTag status={row.status} />,
        },
        // Opening this screen needs the module's view: every row opens its view.
        actionColumn<Transaction>(
          (row) => `transaction ${receiptOf(row)}`,
          [{ label: 'View', to: (row) => paths.transactionView(row._id) }],
        ),
      ),
    [],
  )

  const fetch = (query: TableQuery) => listTransactions({ ...query, ...body })

  return (
    <ListCard<Transaction>
      empty="No transactions yet: gifts donors make show here"
      title="Transaction Management"
      actions={
        <Space wrap>
          <DownloadProgress download={download} />
          <ExportExcelButton download={download} />
        </Space>
      }
      searchPlaceholder="Search by Donor or Recipient"
      filters={
        <>
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(from, to) => setFilters({ from, to })} />
          <FilterSelects choices={SELECTS} values={body} onChange={setFilters} />
        </>
      }
      queryKey={['transaction', 'list', body]}
      aria-label="Transactions"
      columns={columns}
      defaultSort={NEWEST_FIRST}
      fetch={fetch}
    />
  )
}
