/**
 * The active conversation: header (donor, presence, Clear chat), the messages (older ones loaded
 * 15 at a time as the user scrolls to the top, the scroll position kept), the typing notice and
 * the send box (Enter sends, Shift+Enter is a new line; an image through the shared uploader).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Avatar, Badge, Button, Image, Input, Space, Spin, Tooltip, Typography } from 'antd'
import { ArrowLeftOutlined, DeleteOutlined, PictureOutlined, SendOutlined, UserOutlined } from '@ant-design/icons'
import { ImageUploader } from '../../../components/ImageUploader'
import { formatDate } from '../../../lib/format'
import { mediaFileUrl, useMetaData, type MetaData } from '../../../lib/meta-data'
import { toast } from '../../../lib/toast'
import { DONOR_MEDIA_MODULE } from '../../../lib/media-modules'
import { CHAT_IMAGE_MODULE, checkMessage, TYPING_IDLE_MS } from '../constants'
import { LIMITS, limitProps } from '../../../lib/limits'
import { ChatError } from '../socket'
import { pendingOf, TYPING_TTL_MS, useChat, type PendingSend } from '../store'
import type { Message } from '../types'
import { roomName } from '../names'

/** How close to the top (px) asks for older messages; how close to the bottom counts as "at the bottom". */
const TOP_THRESHOLD = 48
const BOTTOM_THRESHOLD = 120

function statusOf(m: Message, memberRead: number): string {
  if (m.readAt || m.seq <= memberRead) return 'Read'
  if (m.deliveredAt) return 'Delivered'
  return 'Sent'
}

function Bubble({
  mine,
  name,
  text,
  image,
  at,
  status,
  meta,
}: {
  mine: boolean
  name: string
  text: string
  image: string
  at: number
  status?: string
  meta: MetaData | null
}) {
  return (
    <div
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }}
      data-testid="chat-message"
    >
      <div
        style={{
          maxWidth: '75%',
          background: mine ? '#e6f4ff' : '#f5f5f5',
          borderRadius: 10,
          padding: '6px 10px',
          wordBreak: 'break-word',
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {name}
        </Typography.Text>
        {image && (
          <Image
            width={180}
            src={mediaFileUrl(meta, CHAT_IMAGE_MODULE, image)}
            fallback={meta?.placeholder || undefined}
            alt="Chat image"
            style={{ borderRadius: 6 }}
          />
        )}
        {text && <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>}
        <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block', textAlign: 'right' }}>
          {formatDate(at)}
          {status ? ` · ${status}` : ''}
        </Typography.Text>
      </div>
    </div>
  )
}

function TypingNotice({ roomId }: { roomId: string }) {
  const typing = useChat((s) => s.typing[roomId])
  /** The notice (by its time) whose time ran out: its "stopped" may have been lost. */
  const [expired, setExpired] = useState<number | null>(null)
  useEffect(() => {
    if (!typing) return
    const timer = setTimeout(() => setExpired(typing.at), TYPING_TTL_MS)
    return () => clearTimeout(timer)
  }, [typing])
  if (!typing || expired === typing.at) return null
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, padding: '0 12px' }} aria-live="polite">
      {typing.name} is typing…
    </Typography.Text>
  )
}

function Composer({ roomId, disabled }: { roomId: string; disabled: boolean }) {
  const send = useChat((s) => s.send)
  const setTyping = useChat((s) => s.setTyping)
  const [text, setText] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [showUploader, setShowUploader] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const typingSent = useRef(false)
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null)

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current)
    idle.current = null
    if (typingSent.current) setTyping(false)
    typingSent.current = false
  }
  // Leaving the room (or the screen) ends the notice.
  useEffect(() => stopTyping, [roomId]) // eslint-disable-line react-hooks/exhaustive-deps

  const onChange = (value: string) => {
    setText(value)
    if (error) setError(null)
    if (!typingSent.current && value.trim() !== '') {
      typingSent.current = true
      setTyping(true)
    }
    if (idle.current) clearTimeout(idle.current)
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS)
  }

  const submit = async () => {
    const image = images[0] ?? ''
    const problem = checkMessage(text, image)
    if (problem) {
      setError(problem)
      return
    }
    stopTyping()
    const body = { text: text.trim(), image }
    setText('')
    setImages([])
    setShowUploader(false)
    try {
      await send(body)
    } catch (e) {
      setText(body.text)
      if (e instanceof ChatError) setError(e.message)
      else toast.error('Something went wrong')
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void submit()
    }
  }

  return (
    <div style={{ borderTop: '1px solid #f0f0f0', padding: 8 }}>
      {showUploader && (
        <div style={{ marginBottom: 8 }}>
          <ImageUploader
            aria-label="Chat image"
            moduleName={CHAT_IMAGE_MODULE}
            maxNumber={1}
            value={images}
            onChange={setImages}
            buttonLabel="Upload Image"
            removeSavedFiles
          />
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Tooltip title="Send an image">
          <Button
            aria-label="Add image"
            icon={<PictureOutlined />}
            onClick={() => setShowUploader((v) => !v)}
            disabled={disabled}
          />
        </Tooltip>
        <Input.TextArea
          aria-label="Message"
          placeholder="Type a message"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 5 }}
          {...limitProps(LIMITS.chat.message)}
          disabled={disabled}
          status={error ? 'error' : undefined}
        />
        <Button
          type="primary"
          aria-label="Send"
          icon={<SendOutlined />}
          onClick={() => void submit()}
          disabled={disabled}
        />
      </div>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 13 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  )
}

export function Conversation({
  canSend,
  onBack,
  onClear,
}: {
  canSend: boolean
  onBack?: () => void
  onClear: () => void
}) {
  const meta = useMetaData()
  const room = useChat((s) => s.activeRoom)
  const roomId = useChat((s) => s.activeRoomId)
  const messages = useChat((s) => s.messages)
  const pendingAll = useChat((s) => s.pending)
  const hasOlder = useChat((s) => s.hasOlder)
  const loadingOlder = useChat((s) => s.loadingOlder)
  const loadOlder = useChat((s) => s.loadOlder)
  const memberRead = useChat((s) => (roomId ? (s.memberReadSeq[roomId] ?? 0) : 0))
  const online = useChat((s) => (room ? (s.presence[room.user._id] ?? room.online) : false))
  const pending = pendingOf(pendingAll, roomId)

  const scroller = useRef<HTMLDivElement>(null)
  /** The scroll height before older messages were added on top (null: not loading older). */
  const beforeOlder = useRef<{ height: number; top: number } | null>(null)
  const lastKey = useRef('')

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const key = `${roomId}:${messages.at(-1)?._id ?? ''}:${pending.length}`
    if (beforeOlder.current) {
      // Older messages went on top: keep the ones on screen where they were.
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top
      if (!loadingOlder) beforeOlder.current = null
    } else if (key !== lastKey.current) {
      const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_THRESHOLD
      const opened = !lastKey.current.startsWith(`${roomId}:`)
      if (opened || nearBottom || pending.length > 0) el.scrollTop = el.scrollHeight
    }
    lastKey.current = key
  }, [messages, pending.length, roomId, loadingOlder])

  const older = () => {
    const el = scroller.current
    if (!el || !hasOlder || loadingOlder) return
    beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop }
    void loadOlder().catch(() => {
      beforeOlder.current = null
    })
  }
  const onScroll = () => {
    if ((scroller.current?.scrollTop ?? Infinity) <= TOP_THRESHOLD) older()
  }

  if (!room || !roomId) {
    return (
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
        <Typography.Text type="secondary">Select a conversation</Typography.Text>
      </div>
    )
  }

  const pendingBubble = (p: PendingSend) => (
    <Bubble
      key={p.clientId}
      mine
      name="You"
      text={p.text}
      image={p.image}
      at={p.createdAt}
      status={p.failed ? 'Not sent yet: will retry' : 'Sending…'}
      meta={meta}
    />
  )

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      aria-label={`Chat with ${roomName(room)}`}
      role="region"
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: 8, borderBottom: '1px solid #f0f0f0' }}>
        {onBack && (
          <Button aria-label="Back to conversations" icon={<ArrowLeftOutlined />} onClick={onBack} type="text" />
        )}
        <Badge dot status={online ? 'success' : 'default'} offset={[-4, 28]}>
          <Avatar
            icon={<UserOutlined />}
            src={room.user.avatar ? mediaFileUrl(meta, DONOR_MEDIA_MODULE, room.user.avatar) : undefined}
            alt=""
          />
        </Badge>
        <Space orientation="vertical" size={0} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis>
            {roomName(room)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {online ? 'Online' : 'Offline'}
          </Typography.Text>
        </Space>
        {canSend && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={onClear}
            disabled={messages.length === 0 && !room.lastMessage}
          >
            Clear chat
          </Button>
        )}
      </div>
      <div
        ref={scroller}
        onScroll={onScroll}
        style={{ flex: 1, overflowY: 'auto', padding: '4px 12px', minHeight: 0 }}
        aria-label="Messages"
        role="log"
        data-testid="chat-messages"
      >
        {loadingOlder && (
          <div style={{ textAlign: 'center' }}>
            <Spin size="small" />
          </div>
        )}
        {hasOlder && !loadingOlder && (
          <div style={{ textAlign: 'center' }}>
            <Button type="link" size="small" onClick={older}>
              Load older messages
            </Button>
          </div>
        )}
        {!hasOlder && messages.length > 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 12 }}>
            Beginning of the conversation
          </Typography.Text>
        )}
        {messages.length === 0 && pending.length === 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', marginTop: 24 }}>
            No messages yet
          </Typography.Text>
        )}
        {messages.map((m) => (
          <Bubble
            key={m._id}
            mine={m.sender.type === 'admin'}
            name={m.sender.type === 'admin' ? m.sender.name || 'Admin' : roomName(room)}
            text={m.text}
            image={m.image}
            at={m.createdAt}
            status={m.sender.type === 'admin' ? statusOf(m, memberRead) : undefined}
            meta={meta}
          />
        ))}
        {pending.map(pendingBubble)}
      </div>
      <TypingNotice roomId={roomId} />
      {canSend ? (
        <Composer roomId={roomId} disabled={room.user.isDeleted} />
      ) : (
        <Typography.Text type="secondary" style={{ padding: 12 }}>
          You can read this conversation but not reply.
        </Typography.Text>
      )}
    </div>
  )
}
