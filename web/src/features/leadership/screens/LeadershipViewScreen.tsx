/**
 * /content_management/view_leadership/:id: a leader's photo, name, title, order, whether shown,
 * biography (rich text) and when the entry was added and changed; Edit (edit right) and Delete
 * (delete right, after the shared confirmation: back to the list, with Undo in the toast).
 */
import { Button, Descriptions, Space, Tag } from 'antd'
import { Card } from '../../../components/Card'
import { DeleteOutlined } from '@ant-design/icons'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { DELETE_TITLE } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { RichTextView } from '../../../components/RichTextView'
import { formatDate } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { deleteLeadership, getLeadership } from '../api/leadership'
import { LeadershipPhoto } from '../components/LeadershipPhoto'

export default function LeadershipViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { can } = useAccess()
  const refresh = useRefresh('leadership')
  const { value: row, error } = useRecord(['leadership', id], () => getLeadership(id))
  const { ask, dialog } = useConfirmAction()

  const back = <Button onClick={() => navigate(listUrl(paths.leadershipList()))}>Back</Button>
  if (error || !row) return <LoadState title="Leadership Details" error={error} back={back} />

  // The list is asked again before it shows; a refused delete stays here.
  const askDelete = () =>
    ask({
      title: DELETE_TITLE,
      text: row.name,
      run: () => deleteLeadership(id),
      after: () => void refresh(),
      done: () => navigate(listUrl(paths.leadershipList())),
      undo: { module: SLUGS.leadership, _id: id, name: row.name },
    })

  return (
    <Card
      title="Leadership Details"
      extra={
        <Space wrap>
          {can(SLUGS.leadership, 'edit') && <EditButton to={paths.leadershipEdit(id)} />}
          {can(SLUGS.leadership, 'delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={askDelete}>
              Delete
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Space align="start" size="large" wrap style={{ width: '100%' }}>
        <LeadershipPhoto name={row.name} photo={row.photo} size={120} />
        <Descriptions bordered column={1} size="small" style={{ minWidth: 260 }}>
          <Descriptions.Item label="Name">{row.name}</Descriptions.Item>
          <Descriptions.Item label="Title">{row.title}</Descriptions.Item>
          <Descriptions.Item label="Order">{row.order}</Descriptions.Item>
          <Descriptions.Item label="Status">
            {row.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="Added">{formatDate(row.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Changed">{formatDate(row.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Space>
      <Card type="inner" title="Biography" size="small" style={{ marginTop: 16 }}>
        <RichTextView html={row.biography} />
      </Card>
      <ConfirmDialog {...dialog} />
    </Card>
  )
}
