/**
 * The comments of a post (newest first, a page at a time) with their replies (one level), their
 * likes, and, for a user with the Community edit right, forms to comment, reply and like as the
 * platform's admin account. Adding a comment or a reply shows the server's message and asks the
 * comments again; SPEC section 8: post calls show no error handling. A blank comment or reply
 * (or one of white space only) is refused at its box with the service's 'Please enter Comment'.
 */
import { useId, useState } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Form, Input, List, Space } from 'antd'
import { Paragraph, Text } from '../../../components/Text'
import { LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons'
import { applyFieldErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { addComment, addReply, likeComment, listComments } from '../api/posts'
import { COMMENTS_PAGE_SIZE } from '../constants'
import { likesText } from '../names'
import type { Comment } from '../types'
import * as v from '../validation'
import { PersonLine } from '../../../components/PersonLine'

interface TextValues {
  text: string
}

/** One line form: a comment of the post, or a reply to a comment. */
function TextForm({
  label,
  send,
  onSent,
}: {
  label: string
  send: (text: string) => Promise<{ message?: string }>
  onSent: () => void
}) {
  const [form] = Form.useForm<TextValues>()
  // Its own name: the box's id and its message's (aria-describedby) are unique on a page of forms.
  const name = `comment-form${useId()}`
  const [busy, setBusy] = useState(false)
  const submit = async ({ text }: TextValues) => {
    setBusy(true)
    try {
      const res = await send(text.trim())
      toast.success(res.message || 'Success')
      form.resetFields()
      onSent()
    } catch (e) {
      applyFieldErrors(form, e, { commentId: ['text'], postId: ['text'] })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form<TextValues>
      form={form}
      name={name}
      layout="inline"
      onFinish={submit}
      style={{ width: '100%', flexWrap: 'nowrap' }}
    >
      <Form.Item name="text" rules={[rule(v.comment)]} style={{ flex: 1, marginInlineEnd: 8 }}>
        <Input.TextArea aria-label={label} placeholder={label} rows={2} {...limitProps(LIMITS.comment.text)} />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          Send
        </Button>
      </Form.Item>
    </Form>
  )
}

function LikeButton({
  liked,
  count,
  label,
  like,
}: {
  liked: boolean
  count: number
  label: string
  like: () => Promise<unknown>
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      type="text"
      size="small"
      aria-label={`${liked ? 'Unlike' : 'Like'} ${label}, ${likesText(count)}`}
      aria-pressed={liked}
      icon={liked ? <LikeFilled /> : <LikeOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await like()
        } catch {
          // SPEC section 8: post calls show no error handling.
        } finally {
          setBusy(false)
        }
      }}
    >
      {count}
    </Button>
  )
}

function CommentItem({ comment, canEdit, reload }: { comment: Comment; canEdit: boolean; reload: () => void }) {
  const [replying, setReplying] = useState(false)
  const isReply = comment.parentId !== null && comment.parentId !== undefined && comment.parentId !== ''
  const like = async () => {
    const res = await likeComment(comment._id)
    toast.success(res.message || 'Success')
    reload()
  }
  return (
    <div
      style={{ padding: '8px 0', borderTop: isReply ? undefined : '1px solid #f0f0f0' }}
      data-testid={isReply ? 'reply' : 'comment'}
    >
      <PersonLine person={comment.author} at={comment.createdAt} size={28} />
      <Paragraph style={{ margin: '4px 0 0 36px', whiteSpace: 'pre-wrap' }}>{comment.text}</Paragraph>
      <Space size="small" style={{ marginLeft: 28 }}>
        {canEdit ? (
          <LikeButton
            liked={comment.likedByAdmin}
            count={comment.likesCount}
            label={`comment of ${comment.author?.name || 'Unknown'}`}
            like={like}
          />
        ) : (
          <Text type="secondary">
            <LikeOutlined /> {comment.likesCount}
          </Text>
        )}
        {canEdit && !isReply && (
          <Button type="link" size="small" onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
            Reply
          </Button>
        )}
      </Space>
      {!isReply && (comment.replies?.length > 0 || replying) && (
        <div style={{ marginLeft: 36, paddingLeft: 12, borderLeft: '2px solid #f0f0f0' }}>
          {comment.replies?.map((r) => (
            <CommentItem key={r._id} comment={r} canEdit={canEdit} reload={reload} />
          ))}
          {comment.repliesCount > (comment.replies?.length ?? 0) && (
            <Text type="secondary" style={{ fontSize: 12 }}>
              {comment.repliesCount - comment.replies.length} older replies not shown
            </Text>
          )}
          {replying && (
            <TextForm
              label={`Reply to ${comment.author?.name || 'Unknown'}`}
              send={(text) => addReply(comment._id, text)}
              onSent={() => {
                setReplying(false)
                reload()
              }}
            />
          )}
        </div>
      )}
    </div>
  )
}

export function CommentThread({
  postId,
  canEdit,
  onChanged,
}: {
  postId: string
  canEdit: boolean
  onChanged: () => void
}) {
  const client = useQueryClient()
  const key = ['community', 'comments', postId]
  const comments = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => listComments(postId, pageParam, COMMENTS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total && last.rows.length > 0 ? pages.length + 1 : undefined,
    gcTime: 0,
  })
  const reload = () => {
    void client.invalidateQueries({ queryKey: key })
    onChanged()
  }
  const rows = comments.data?.pages.flatMap((p) => p.rows) ?? []

  return (
    <div aria-label="Comments" role="region">
      {canEdit && <TextForm label="Write a comment" send={(text) => addComment(postId, text)} onSent={reload} />}
      {comments.isPending ? (
        <List loading />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet" />
      ) : (
        rows.map((c) => <CommentItem key={c._id} comment={c} canEdit={canEdit} reload={reload} />)
      )}
      {comments.hasNextPage && (
        <Button
          type="link"
          icon={<MessageOutlined />}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          More comments
        </Button>
      )}
    </div>
  )
}
