/**
 * /transaction: the donations, searchable by donor or recipient, filtered by date range, status,
 * type and recipient type (all kept in the URL), paged and sorted on the server; amounts in
 * dollars, an Export Excel of the current search, sort and filters with its progress, and a link
 * to each transaction's view.
 */
import { useMemo, useState } from 'react'
import { Button, Select, Space, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { DownloadOutlined } from '@ant-design/icons'
import { actionColumn, dateColumn } from '../../../components/RowStatus'
import { DateRangeFilter } from '../../../components/DateRangeFilter'
import { ListCard } from '../../../components/ListCard'
import { downloadProgressText } from '../../../lib/download'
import { formatCents } from '../../../lib/format'
import { useListFilters, useListView } from '../../../lib/list-state'
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

const STATUS_OPTIONS = optionsOf(STATUS_LABELS)
const TYPE_OPTIONS = optionsOf(TYPE_LABELS)
const RECIPIENT_TYPE_OPTIONS = optionsOf(RECIPIENT_TYPE_LABELS)

const NEWEST_FIRST = { column: 'createdAt', order: 'desc' } as const

const receiptOf = (row: Transaction) => row.receiptNumber || row._id

export default function TransactionListScreen() {
  const [filters, setFilters] = useListFilters(FILTER_NAMES)
  const body = useMemo(() => filterBody(filters), [filters])
  const [view] = useListView()

  // The export takes the list's current search, sort and filters; it shows how far it is.
  const [progress, setProgress] = useState<string | null>(null)
  const exportExcel = async () => {
    setProgress(downloadProgressText(0))
    try {
      await exportTransactions(
        {
          search: view.search,
          column: view.column || NEWEST_FIRST.column,
          order: view.column ? view.order : NEWEST_FIRST.order,
          ...body,
        },
        (loaded, total) => setProgress(downloadProgressText(loaded, total)),
      )
    } catch {
      // The request client has shown the failure.
    } finally {
      setProgress(null)
    }
  }

  const columns = useMemo(() => {
    const list: ColumnsType<Transaction> = [
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
    ]
    // Opening this screen needs the module's view: every row opens its view.
    const action = actionColumn<Transaction>(
      (row) => `transaction ${receiptOf(row)}`,
      [{ label: 'View', to: (row) => paths.transactionView(row._id) }],
    )
    if (action) list.push(action)
    return list
  }, [])

  const fetch = (query: TableQuery) => listTransactions({ ...query, ...body })

  return (
    <ListCard<Transaction>
      empty="No transactions yet: gifts donors make show here"
      title="Transaction Management"
      actions={
        <Space wrap>
          {progress && (
            <Typography.Text type="secondary" role="status">
              {progress}
            </Typography.Text>
          )}
          <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={exportExcel}>
            Export Excel
          </Button>
        </Space>
      }
      searchPlaceholder="Search by Donor or Recipient"
      filters={
        <>
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(from, to) => setFilters({ from, to })} />
          <Select
            aria-label="Filter by Status"
            placeholder="All statuses"
            allowClear
            style={{ minWidth: 150 }}
            options={STATUS_OPTIONS}
            value={body.status ?? null}
            onChange={(value?: string | null) => setFilters({ status: value ?? '' })}
          />
          <Select
            aria-label="Filter by Type"
            placeholder="All types"
            allowClear
            style={{ minWidth: 140 }}
            options={TYPE_OPTIONS}
            value={body.type ?? null}
            onChange={(value?: string | null) => setFilters({ type: value ?? '' })}
          />
          <Select
            aria-label="Filter by Recipient Type"
            placeholder="All recipients"
            allowClear
            style={{ minWidth: 160 }}
            options={RECIPIENT_TYPE_OPTIONS}
            value={body.recipientType ?? null}
            onChange={(value?: string | null) => setFilters({ recipientType: value ?? '' })}
          />
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
