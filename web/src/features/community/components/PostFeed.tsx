/**
 * A community's posts feed, one of its tabs: the active posts (POST communityPosts, page 1 limit
 * 100) or the inactive ones (POST InActivePostList, limit 1000000), as SPEC section 4 asks. The
 * server answers at most 100 rows a page, so "Load more" asks the next page while fewer rows
 * than total_records are shown. Each post: its author, text, images, likes (like or unlike as
 * the admin account), comments (comment and reply), and deactivate or activate (asks first).
 */
import { useState } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Image, Skeleton, Space, Tag } from 'antd'
import { Paragraph, Text } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { CommentOutlined, LikeFilled, LikeOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons'
import { MediaImage } from '../../../components/MediaImage'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { toast } from '../../../lib/toast'
import { likePost, listActivePosts, listInactivePosts, setPostActive } from '../api/posts'
import { POST_MEDIA_MODULE } from '../../../lib/media-modules'
import { ACTIVE_POSTS_LIMIT, INACTIVE_POSTS_LIMIT } from '../constants'
import { likesText } from '../names'
import type { Post } from '../types'
import { CommentThread } from './CommentThread'
import { PersonLine } from '../../../components/PersonLine'

export const DEACTIVATE_TITLE = 'Are you sure you want to Deactivate this post ?'
export const ACTIVATE_TITLE = 'Are you sure you want to Activate this post ?'

function postsKey(communityId: string, active: boolean) {
  return ['community', 'posts', communityId, active ? 'active' : 'inactive']
}

function PostCard({
  post,
  canEdit,
  onStatus,
  reload,
}: {
  post: Post
  canEdit: boolean
  onStatus: (post: Post) => void
  reload: () => void
}) {
  const [showComments, setShowComments] = useState(false)
  const [liking, setLiking] = useState(false)
  const like = async () => {
    setLiking(true)
    try {
      const res = await likePost(post._id)
      toast.success(res.message || 'Success')
      reload()
    } catch {
      // SPEC section 8: post calls show no error handling.
    } finally {
      setLiking(false)
    }
  }
  const author = post.author?.name || 'Unknown'
  return (
    <Card
      size="small"
      role="article"
      aria-label={`Post by ${author}`}
      data-post-id={post._id}
      style={{ marginBottom: 12 }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <PersonLine person={post.author} at={post.createdAt} />
        <Space size="small" wrap>
          {post.reportsCount > 0 && (
            <Tag color="orange">{post.reportsCount === 1 ? '1 report' : `${post.reportsCount} reports`}</Tag>
          )}
          {canEdit && (
            <Button
              size="small"
              danger={post.isActive}
              icon={post.isActive ? <StopOutlined /> : <CheckCircleOutlined />}
              onClick={() => onStatus(post)}
            >
              {post.isActive ? 'Deactivate' : 'Activate'}
            </Button>
          )}
        </Space>
      </Space>
      <Paragraph style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{post.text}</Paragraph>
      {post.images?.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {post.images.map((name, i) => (
              <MediaImage
                key={name}
                moduleName={POST_MEDIA_MODULE}
                name={name}
                width={96}
                height={96}
                alt={`Photo ${i + 1} of the post by ${author}`}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <Space size="small" style={{ marginTop: 8 }}>
        {canEdit ? (
          <Button
            type="text"
            size="small"
            aria-label={`${post.likedByAdmin ? 'Unlike' : 'Like'} post by ${author}, ${likesText(post.likesCount)}`}
            aria-pressed={post.likedByAdmin}
            icon={post.likedByAdmin ? <LikeFilled /> : <LikeOutlined />}
            loading={liking}
            onClick={like}
          >
            {post.likesCount}
          </Button>
        ) : (
          <Text type="secondary">
            <LikeOutlined /> {post.likesCount}
          </Text>
        )}
        <Button
          type="text"
          size="small"
          icon={<CommentOutlined />}
          aria-expanded={showComments}
          onClick={() => setShowComments((s) => !s)}
        >
          {post.commentsCount} Comments
        </Button>
      </Space>
      {showComments && (
        <div style={{ marginTop: 8 }}>
          <CommentThread postId={post._id} canEdit={canEdit} onChanged={reload} />
        </div>
      )}
    </Card>
  )
}

export function PostFeed({ communityId, active, canEdit }: { communityId: string; active: boolean; canEdit: boolean }) {
  const client = useQueryClient()
  const { ask, dialog } = useConfirmAction()
  const limit = active ? ACTIVE_POSTS_LIMIT : INACTIVE_POSTS_LIMIT
  const posts = useInfiniteQuery({
    queryKey: postsKey(communityId, active),
    queryFn: ({ pageParam }) => (active ? listActivePosts : listInactivePosts)({ communityId, page: pageParam, limit }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.rows.length, 0)
      return shown < last.total && last.rows.length > 0 ? pages.length + 1 : undefined
    },
  })
  // Likes and comments change counts only: the feed asks its pages again.
  const reload = () => void posts.refetch()
  const onStatus = (post: Post) =>
    ask({
      title: post.isActive ? DEACTIVATE_TITLE : ACTIVATE_TITLE,
      text: post.text.length > 80 ? `${post.text.slice(0, 80)}…` : post.text,
      run: () => setPostActive(post._id, !post.isActive),
      // The post moves to the other tab: both feeds (the one shown asks again at once) and the
      // community's counts change.
      after: () => {
        void client.invalidateQueries({ queryKey: ['community', 'posts', communityId] })
        void client.invalidateQueries({ queryKey: ['community', communityId], exact: true })
        void client.invalidateQueries({ queryKey: ['community', 'list'] })
      },
    })

  const rows = posts.data?.pages.flatMap((p) => p.rows) ?? []
  const total = posts.data?.pages.at(-1)?.total ?? 0

  if (posts.isPending) return <Skeleton active />
  if (posts.isError) return <Empty description="The posts could not be loaded" />
  return (
    <div aria-label={active ? 'Active posts' : 'Inactive posts'} role="feed" aria-busy={posts.isFetching}>
      {rows.length === 0 ? (
        <Empty description={active ? 'No active posts' : 'No inactive posts'} />
      ) : (
        rows.map((post) => (
          <PostCard key={post._id} post={post} canEdit={canEdit} onStatus={onStatus} reload={reload} />
        ))
      )}
      {posts.hasNextPage && (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Text type="secondary">
            {rows.length} of {total} posts shown
          </Text>
          <Button onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
            Load more
          </Button>
        </Space>
      )}
      <ConfirmDialog {...dialog} />
    </div>
  )
}
