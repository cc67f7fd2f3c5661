/**
 * /category/contact_form (Contact Us Form: view): the messages sent from the public site, newest
 * first, unread ones marked (a filter shows only unread or read ones); View opens one (and marks
 * it read); Delete (delete right, after the shared confirmation) moves one to the trash, with Undo
 * in its toast.
 */
import { useMemo } from 'react'
import { Select, Space, Tag } from 'antd'
import { Text } from '../../../components/Text'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { actionColumn, columnsOf, dateColumn } from '../../../components/RowStatus'
import { useRowActions } from '../../../components/useRowActions'
import { useYesNoFilter } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useRights } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteContactMessage, listContactMessages } from '../api/contact-us'
import type { ContactMessage } from '../types'

const MODULE = SLUGS.contactForm
const nameOf = (row: ContactMessage) => row.name
const READ_OPTIONS: Array<{ value: '' | 'unread' | 'read'; label: string }> = [
  { value: '', label: 'All messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
]

export default function ContactListScreen() {
  const read = useYesNoFilter('read', 'read', 'unread')
  const isRead = read.flag
  const { canDelete } = useRights(MODULE)
  const refresh = useRefresh('contact-us')

  const { askDelete, dialog } = useRowActions<ContactMessage & { isActive?: boolean }>({
    remove: (row) => deleteContactMessage(row._id),
    reload: refresh,
    describe: nameOf,
    trash: MODULE,
  })

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
        actionColumn<ContactMessage>(nameOf, [
          { label: 'View', to: (row) => paths.contactView(row._id) },
          canDelete && { label: 'Delete', onClick: askDelete },
        ]),
      ),
    [canDelete, askDelete],
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
      bulk={{ module: MODULE, nameOf, filter: isRead === undefined ? {} : { isRead } }}
    >
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
