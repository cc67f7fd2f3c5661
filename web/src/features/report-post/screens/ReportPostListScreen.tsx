/**
 * /reporte_post: posts with open reports, newest report first (searchable by post text or
 * community name, server-paged): the post, its community, the report count and the newest
 * reasons. View shows the whole post and its reports; Delete asks first, then the post is
 * deleted and its reports closed (it leaves the list).
 */
import { useMemo, useState } from 'react'
import { Button, Descriptions, Image, List, Space, Tag } from 'antd'
import { LazyModal } from '../../../components/LazyModal'
import { Paragraph, Text } from '../../../components/Text'
import { MediaImage } from '../../../components/MediaImage'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { DELETE_TITLE, actionColumn, columnsOf } from '../../../components/RowStatus'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { formatDate } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { PersonLine } from '../../../components/PersonLine'
import { POST_MEDIA_MODULE } from '../../../lib/media-modules'
import { deleteReportedPost, listReportedPosts } from '../api/report-post'
import type { ReportedPost } from '../types'

/** No column: the server's own order, newest report first. */
const NEWEST_REPORT_FIRST = { column: '', order: 'desc' } as const

const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text)
const postLabel = (row: ReportedPost) => `post by ${row.post?.author?.name || 'Unknown'}`

function ReportedPostDialog({ row, onClose }: { row: ReportedPost | null; onClose: () => void }) {
  return (
    <LazyModal
      open={row !== null}
      title="Reported Post"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={640}
    >
      {row && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <PersonLine person={row.post?.author} at={row.post?.createdAt} />
          <Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.post?.text}</Paragraph>
          {(row.post?.images?.length ?? 0) > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {row.post?.images.map((name) => (
                  <MediaImage key={name} moduleName={POST_MEDIA_MODULE} name={name} width={96} height={96} alt="" />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="Community">{row.communityName || '-'}</Descriptions.Item>
            <Descriptions.Item label="Likes">{row.post?.likesCount ?? 0}</Descriptions.Item>
            <Descriptions.Item label="Comments">{row.post?.commentsCount ?? 0}</Descriptions.Item>
            <Descriptions.Item label="Open Reports">{row.reportsCount}</Descriptions.Item>
          </Descriptions>
          <List
            header={<Text strong>Newest reports</Text>}
            dataSource={row.reasons ?? []}
            renderItem={(r) => (
              <List.Item key={r._id}>
                <Space orientation="vertical" size={2}>
                  <PersonLine person={r.reporter} at={r.createdAt} size={24} />
                  <Text>{r.reason}</Text>
                </Space>
              </List.Item>
            )}
          />
        </Space>
      )}
    </LazyModal>
  )
}

export default function ReportPostListScreen() {
  const { can } = useAccess()
  const refresh = useRefresh('report-post', 'community')
  const { ask, dialog } = useConfirmAction()
  const [viewing, setViewing] = useState<ReportedPost | null>(null)
  const canDelete = can(SLUGS.reportPost, 'delete')

  const columns = useMemo(
    () =>
      columnsOf<ReportedPost>(
        { title: 'Post', key: 'post', render: (_, row) => short(row.post?.text ?? '') || '-' },
        { title: 'Posted By', key: 'author', render: (_, row) => row.post?.author?.name || '-' },
        { title: 'Community', key: 'communityName', dataIndex: 'communityName' },
        { title: 'Reports', key: 'reportsCount', dataIndex: 'reportsCount', align: 'right' },
        {
          title: 'Reasons',
          key: 'reasons',
          render: (_, row) => (
            <Space size={[4, 4]} wrap>
              {(row.reasons ?? []).slice(0, 3).map((r) => (
                <Tag key={r._id}>{short(r.reason, 40)}</Tag>
              ))}
            </Space>
          ),
        },
        { title: 'Last Reported', key: 'lastReportedAt', render: (_, row) => formatDate(row.lastReportedAt) },
        actionColumn<ReportedPost>(postLabel, [
          { label: 'View', onClick: setViewing },
          canDelete && {
            label: 'Delete',
            onClick: (row) =>
              ask({
                title: DELETE_TITLE,
                text: short(row.post?.text ?? ''),
                run: () => deleteReportedPost(row._id),
                after: () => void refresh(),
                undo: { module: SLUGS.reportPost, _id: row._id, name: postLabel(row) },
              }),
          },
        ]),
      ),
    [canDelete, ask, refresh],
  )

  return (
    <ListCard<ReportedPost>
      empty="No reported posts: posts that donors report show here"
      title="Report Post"
      searchPlaceholder="Search by Post or Community"
      queryKey={['report-post', 'list']}
      aria-label="Reported posts"
      columns={columns}
      defaultSort={NEWEST_REPORT_FIRST}
      fetch={listReportedPosts}
      bulk={{ module: SLUGS.reportPost, nameOf: postLabel, filter: {} }}
    >
      <ReportedPostDialog row={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog {...dialog} />
    </ListCard>
  )
}
