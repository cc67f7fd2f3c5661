/**
 * /category/contact_form (Contact Us Form: view): the messages sent from the public site, newest
 * first, unread ones marked (a filter shows only unread or read ones); View opens one (and marks
 * it read).
 */
import { useMemo } from 'react'
import { Select, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, dateColumn } from '../../../components/RowStatus'
import { useListFilters } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { paths } from '../../../paths'
import { listContactMessages } from '../api/contact-us'
import type { ContactMessage } from '../types'

const nameOf = (row: ContactMessage) => row.name
const FILTERS = ['read'] as const
type ReadFilter = '' | 'unread' | 'read'

const READ_OPTIONS: Array<{ value: ReadFilter; label: string }> = [
  { value: '', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
]

export default function ContactListScreen() {
  const [filters, setFilters] = useListFilters(FILTERS)
  const read = (['unread', 'read'].includes(filters.read) ? filters.read : '') as ReadFilter

  const columns = useMemo(() => {
    const list: ColumnsType<ContactMessage> = [
      {
        title: 'Name',
        key: 'name',
        sorter: true,
        render: (_, row) =>
          row.isRead ? (
            row.name
          ) : (
            <Space size={4} wrap>
              <Typography.Text strong>{row.name}</Typography.Text>
              <Tag color="blue">Unread</Tag>
            </Space>
          ),
      },
      { title: 'Email', key: 'email', dataIndex: 'email', sorter: true },
      {
        title: 'Subject',
        key: 'subject',
        sorter: true,
        render: (_, row) => (row.isRead ? row.subject : <Typography.Text strong>{row.subject}</Typography.Text>),
      },
      dateColumn('Received At', 'createdAt'),
    ]
    const action = actionColumn<ContactMessage>(nameOf, [{ label: 'View', to: (row) => paths.contactView(row._id) }])
    if (action) list.push(action)
    return list
  }, [])

  const fetch = useMemo(
    () => (query: TableQuery) => listContactMessages(read ? { ...query, isRead: read === 'read' } : query),
    [read],
  )

  return (
    <ListCard<ContactMessage>
      empty="No messages yet: what people send through the contact form shows here"
      title="Contact Us Form"
      searchPlaceholder="Search by Name, Email or Subject"
      filters={
        <Select<ReadFilter>
          aria-label="Read"
          style={{ minWidth: 160 }}
          value={read}
          options={READ_OPTIONS}
          onChange={(next) => setFilters({ read: next })}
        />
      }
      queryKey={['contact-us', 'list', read]}
      aria-label="Contact messages"
      columns={columns}
      fetch={fetch}
    />
  )
}
