/**
 * /category/contact_form/contact_form_view/:id: one contact message (name, email, phone,
 * subject, the message, when it came) and who read it when. Opening it marks it read: the
 * lists are asked again. Delete (delete right, after the shared confirmation) moves it to the
 * trash and goes back to the list, with Undo in the toast.
 */
import { useEffect } from 'react'
import { Button, Descriptions, Space, Tag } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { Paragraph } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { LoadState } from '../../../components/LoadState'
import { DELETE_TITLE } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { formatDate, formatPhone } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRecord, useRefresh } from '../../../lib/query'
import { listUrl } from '../../../lib/list-state'
import { useRights } from '../../../lib/session'
import { paths } from '../../../paths'
import { deleteContactMessage, getContactMessage } from '../api/contact-us'

export default function ContactViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const refresh = useRefresh('contact-us')
  const { value: row, error } = useRecord(['contact-us', id], () => getContactMessage(id))
  const { canDelete } = useRights(SLUGS.contactForm)
  const { ask, dialog } = useConfirmAction()

  // The opening has marked it read: the lists show it so.
  useEffect(() => {
    if (row) void refresh()
  }, [row, refresh])

  const back = <Button onClick={() => navigate(listUrl(paths.contactList()))}>Back</Button>
  if (error || !row) return <LoadState title="Contact Message" error={error} back={back} />

  const askDelete = () =>
    ask({
      title: DELETE_TITLE,
      text: row.name,
      run: () => deleteContactMessage(id),
      after: () => void refresh(),
      done: () => navigate(listUrl(paths.contactList())),
      undo: { module: SLUGS.contactForm, _id: id, name: row.name },
    })

  return (
    <Card
      title="Contact Message"
      extra={
        <Space wrap>
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={askDelete}>
              Delete
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="small">
        <Descriptions.Item label="Name">{row.name}</Descriptions.Item>
        <Descriptions.Item label="Email">
          <a href={`mailto:${row.email}`}>{row.email}</a>
        </Descriptions.Item>
        <Descriptions.Item label="Phone Number">
          {row.phoneNumber ? formatPhone(row.phoneNumber) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Received At">{formatDate(row.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {row.isRead ? <Tag color="green">Read</Tag> : <Tag color="blue">Unread</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Read By">
          {row.readBy ? `${row.readBy}${row.readAt ? `, ${formatDate(row.readAt)}` : ''}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Subject" span={2}>
          {row.subject}
        </Descriptions.Item>
        <Descriptions.Item label="Message" span={2}>
          <Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{row.message}</Paragraph>
        </Descriptions.Item>
      </Descriptions>
      <ConfirmDialog {...dialog} />
    </Card>
  )
}
