/**
 * /category/contact_form (Contact Us Form: view): the messages sent from the public site, newest
 * first, unread ones marked (a filter shows only unread or read ones); View opens one (and marks
 * it read).
 */
import { useMemo } from 'react'
import { Select, Space, Tag } from 'antd'
import { Text } from '../../../components/Text'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, columnsOf, dateColumn } from '../../../components/RowStatus'
import { useYesNoFilter } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { paths } from '../../../paths'
import { listContactMessages } from '../api/contact-us'
import type { ContactMessage } from '../types'

const nameOf = (row: ContactMessage) => row.name
const READ_OPTIONS: Array<{ value: '' | 'unread' | 'read'; label: string }> = [
  { value: '', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
]

export default function ContactListScreen() {
  const read = useYesNoFilter('read', 'read', 'unread')
  const isRead = read.flag

  const columns = useMemo(
    () =>
      columnsOf<ContactMessage>(
        {
          title: 'Name',
          key: 'name',
          sorter: true,
          render: (_, row) =>
            row.isRead ? (
              row.name
            ) : (
              <Space size={4} wrap>
                <Text strong>{row.name}</Text>
                <Tag color="blue">Unread</Tag>
              </Space>
            ),
        },
        { title: 'Email', key: 'email', dataIndex: 'email', sorter: true },
        {
          title: 'Subject',
          key: 'subject',
          sorter: true,
          render: (_, row) => (row.isRead ? row.subject : <Text strong>{row.subject}</Text>),
        },
        dateColumn('Received At', 'createdAt'),
        actionColumn<ContactMessage>(nameOf, [{ label: 'View', to: (row) => paths.contactView(row._id) }]),
      ),
    [],
  )

  const fetch = useMemo(
    () => (query: TableQuery) => listContactMessages(isRead === undefined ? query : { ...query, isRead }),
    [isRead],
  )

  return (
    <ListCard<ContactMessage>
      empty="No messages yet: what people send through the contact form shows here"
      title="Contact Us Form"
      searchPlaceholder="Search by Name, Email or Subject"
      filters={
        <Select
          aria-label="Read"
          style={{ minWidth: 160 }}
          value={read.choice}
          options={READ_OPTIONS}
          onChange={read.choose}
        />
      }
      queryKey={['contact-us', 'list', read.choice]}
      aria-label="Contact messages"
      columns={columns}
      fetch={fetch}
    />
  )
}
