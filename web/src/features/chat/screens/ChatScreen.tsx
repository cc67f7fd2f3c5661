/**
 * /chat (module /chat, "Message"): the admin side's shared inbox over socket.io. Left the user
 * list (one room per donor), right the active conversation; on a phone the two are panes switched
 * by selection, with a back button. The connection state is shown; a reconnection re-joins the
 * active room, asks what it missed and sends again what was not acknowledged (store.ts).
 * Without /chat add the console reads only: no send box, no Clear chat, no New conversation.
 */
import { useEffect, useState } from 'react'
import { Tag } from 'antd'
import { Paragraph } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { SLUGS } from '../../../lib/modules'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../../../lib/use-media-query'
import { clearChatHistory } from '../api/chat'
import { Conversation } from '../components/Conversation'
import { NewConversation } from '../components/NewConversation'
import { RoomList } from '../components/RoomList'
import { CLEAR_TEXT, CLEAR_TITLE, CONNECTION_LABELS } from '../constants'
import { chatSocketFactory } from '../connection'
import { useChat } from '../store'
import type { Room } from '../types'

const STATE_COLORS = {
  connecting: 'processing',
  connected: 'success',
  reconnecting: 'warning',
  offline: 'error',
} as const

function useChatConnection() {
  useEffect(() => {
    const socket = chatSocketFactory()()
    const detach = useChat.getState().attach(socket)
    return () => {
      detach()
      socket.disconnect()
      useChat.getState().reset()
    }
  }, [])
}

export default function ChatScreen() {
  const { can } = useAccess()
  const canSend = can(SLUGS.chat, 'add')
  const phone = useMediaQuery(SMALL_SCREEN_QUERY)
  useChatConnection()
  const connection = useChat((s) => s.connection)
  const connectionError = useChat((s) => s.connectionError)
  const activeRoom = useChat((s) => s.activeRoom)
  const openRoom = useChat((s) => s.openRoom)
  const closeRoom = useChat((s) => s.closeRoom)
  const putRoom = useChat((s) => s.putRoom)
  const [clearing, setClearing] = useState<Room | null>(null)

  const open = (room: Room) => {
    void openRoom(room).catch((e: Error) => toast.error(e.message))
  }

  const clear = async () => {
    if (!clearing) return
    const res = await clearChatHistory(clearing._id)
    toast.success(res.message || 'Success')
    putRoom(res.data, { cleared: true })
    setClearing(null)
  }

  const list = <RoomList onOpen={open} />
  const conversation = (
    <Conversation canSend={canSend} onBack={phone ? closeRoom : undefined} onClear={() => setClearing(activeRoom)} />
  )

  return (
    <Card
      title="Message"
      extra={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Tag color={STATE_COLORS[connection]} aria-label="Connection" title={connectionError ?? undefined}>
            {CONNECTION_LABELS[connection]}
          </Tag>
          {canSend && <NewConversation onOpened={open} />}
        </span>
      }
      styles={{ body: { padding: phone ? 8 : 16 } }}
    >
      {connection === 'offline' && connectionError && (
        <Paragraph type="danger" role="alert">
          {connectionError}
        </Paragraph>
      )}
      <div
        style={{
          display: 'flex',
          gap: 16,
          height: phone ? 'calc(100vh - 220px)' : 'calc(100vh - 260px)',
          minHeight: 420,
        }}
      >
        {phone ? (
          <div style={{ flex: 1, minWidth: 0 }}>{activeRoom ? conversation : list}</div>
        ) : (
          <>
            <div style={{ width: 320, flexShrink: 0, borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>{list}</div>
            <div style={{ flex: 1, minWidth: 0 }}>{conversation}</div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={clearing !== null}
        title={CLEAR_TITLE}
        text={CLEAR_TEXT}
        onConfirm={clear}
        onCancel={() => setClearing(null)}
      />
    </Card>
  )
}
