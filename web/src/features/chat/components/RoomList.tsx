/** The user list: rooms by newest message, with search, unread badges, online dots and "Load more". */
import { Avatar, Badge, Button, Empty, Spin, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { SearchBox } from '../../../components/SearchBox'
import { formatDate } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { DONOR_MEDIA_MODULE } from '../../../lib/media-modules'
import { roomName } from '../names'
import { useChat } from '../store'
import type { Room } from '../types'

function preview(room: Room): string {
  const m = room.lastMessage
  if (!m) return 'No messages yet'
  const who = m.sender.type === 'admin' ? 'You: ' : ''
  return `${who}${m.text || (m.image ? 'Image' : '')}`
}

export function RoomList({ onOpen }: { onOpen: (room: Room) => void }) {
  const meta = useMetaData()
  const users = useChat((s) => s.users)
  const total = useChat((s) => s.usersTotal)
  const loading = useChat((s) => s.usersLoading)
  const activeRoomId = useChat((s) => s.activeRoomId)
  const presence = useChat((s) => s.presence)
  const search = useChat((s) => s.search)
  const loadUsers = useChat((s) => s.loadUsers)
  const loadMore = useChat((s) => s.loadMoreUsers)

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <SearchBox
        placeholder="Search by name or email"
        applied={search}
        onSearch={(text) => void loadUsers({ page: 1, search: text }).catch(() => {})}
      />
      <div style={{ flex: 1, overflowY: 'auto', marginTop: 8 }} aria-label="Conversations" role="region">
        {users.length === 0 &&
          (loading ? (
            <Spin style={{ display: 'block', margin: 24 }} />
          ) : (
            <Empty description={search ? 'No user matches' : 'No conversations yet'} />
          ))}
        {users.map((room) => {
          const online = presence[room.user._id] ?? room.online
          const active = room._id === activeRoomId
          return (
            <div
              key={room._id}
              onClick={() => onOpen(room)}
              aria-current={active ? 'true' : undefined}
              role="button"
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') onOpen(room)
              }}
              style={{
                display: 'flex',
                gap: 10,
                alignItems: 'flex-start',
                cursor: 'pointer',
                padding: 8,
                borderBottom: '1px solid #f5f5f5',
                background: active ? 'rgba(22,119,255,0.08)' : undefined,
                borderRadius: 6,
              }}
            >
              {/* The presence dot's word comes last in the row's name (below), not first. */}
              <span aria-hidden="true">
                <Badge
                  dot
                  status={online ? 'success' : 'default'}
                  offset={[-4, 30]}
                  title={online ? 'Online' : 'Offline'}
                >
                  <Avatar
                    icon={<UserOutlined />}
                    src={room.user.avatar ? mediaFileUrl(meta, DONOR_MEDIA_MODULE, room.user.avatar) : undefined}
                    alt=""
                  />
                </Badge>
              </span>
              <span style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
                {/* The row's name is what it shows, said as what it does: 'Open chat with <name>, <unread>, <last message>'. */}
                <span className="gc-visually-hidden">Open chat with </span>
                <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <Typography.Text strong ellipsis>
                    {roomName(room)}
                  </Typography.Text>
                  {room.unread > 0 && <Badge count={room.unread} aria-label={`${room.unread} unread`} />}
                </span>
                <Typography.Text type="secondary" ellipsis>
                  {preview(room)}
                </Typography.Text>
                {room.lastMessageAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                    {formatDate(room.lastMessageAt)}
                  </Typography.Text>
                )}
                <span className="gc-visually-hidden">{online ? ', online' : ', offline'}</span>
              </span>
            </div>
          )
        })}
        {users.length < total && (
          <div style={{ textAlign: 'center', padding: 8 }}>
            <Button onClick={() => void loadMore().catch(() => {})} loading={loading}>
              Load more
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
