/**
 * The chat's one store (SPEC section 3: connection flag, user list, message list, active user,
 * page, limit; defaults page 1, message limit 15, user list limit 10), and the socket traffic
 * that fills it.
 *
 * - The user list is the admin side's rooms (one per donor, one shared inbox), newest message
 *   first, `limit` per page; "Load more" adds the next page. `room`/`message` events move a
 *   room's row (its last message, its unread count) and put it back in order.
 * - The message list is the active room's messages by `seq`, the newest `messageLimit` first,
 *   older ones `messageLimit` at a time before the first one held.
 * - `lastSeq` per room is the highest seq this console holds: after a reconnection it asks
 *   `missed` after it, so nothing is lost and nothing shows twice (messages are kept by _id).
 * - A send gets a client id (uuid) and stays in `pending` until its acknowledgement (or its own
 *   `message` event) brings the stored message; after a reconnection every pending send is sent
 *   again with the same client id, which the server stores once.
 *
 * The socket is injected (`attach`), so tests drive the store with a fake one.
 */
import { create } from 'zustand'
import { C2S, CODES, LIFECYCLE, S2C } from './events'
import { ChatError, handshakeCode, request, type ChatSocket } from './socket'
import { useChatUnread } from './unread'
import type { Message, MessagePage, PresenceEvent, ReadEvent, Room, TypingEvent, UsersPage } from './types'

export const CHAT_DEFAULTS = { page: 1, limit: 10, messageLimit: 15 } as const
/** `missed` answers at most 500 at a time; more pages are asked while it says hasMore. */
const MISSED_ROUNDS = 20
/** A typing notice not renewed in this time is dropped (its 'stopped' may have been lost). */
export const TYPING_TTL_MS = 6000

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline'

export interface PendingSend {
  clientId: string
  roomId: string
  text: string
  image: string
  createdAt: number
  /** The last attempt failed (offline or no answer): it is sent again on reconnection. */
  failed: boolean
}

export interface ChatState {
  /** SPEC's connection flag. */
  connected: boolean
  connection: ConnectionState
  /** Why the server refused the connection (shown with 'offline'). */
  connectionError: string | null
  /** The user list (the admin side's rooms). */
  users: Room[]
  usersTotal: number
  usersLoading: boolean
  search: string
  page: number
  limit: number
  /** The active conversation's messages, ascending by seq. */
  messages: Message[]
  messageLimit: number
  hasOlder: boolean
  loadingOlder: boolean
  /** The active user's room id. */
  activeRoomId: string | null
  activeRoom: Room | null
  lastSeq: Record<string, number>
  /** The member side's read marker per room (from `read` events). */
  memberReadSeq: Record<string, number>
  typing: Record<string, { name: string; at: number } | undefined>
  presence: Record<string, boolean>
  pending: Record<string, PendingSend>
  socket: ChatSocket | null
}

interface ChatActions {
  attach: (socket: ChatSocket) => () => void
  loadUsers: (options?: { page?: number; search?: string }) => Promise<void>
  loadMoreUsers: () => Promise<void>
  openRoom: (room: Room) => Promise<void>
  closeRoom: () => void
  loadOlder: () => Promise<number>
  send: (input: { text: string; image?: string }) => Promise<Message | null>
  setTyping: (typing: boolean) => void
  markRead: () => Promise<void>
  /** A room changed through REST (created, cleared): its row and, when active, the conversation. */
  putRoom: (room: Room, options?: { cleared?: boolean }) => void
  resync: () => Promise<void>
  reset: () => void
}

export type ChatStore = ChatState & ChatActions

const initial: ChatState = {
  connected: false,
  connection: 'connecting',
  connectionError: null,
  users: [],
  usersTotal: 0,
  usersLoading: false,
  search: '',
  page: CHAT_DEFAULTS.page,
  limit: CHAT_DEFAULTS.limit,
  messages: [],
  messageLimit: CHAT_DEFAULTS.messageLimit,
  hasOlder: false,
  loadingOlder: false,
  activeRoomId: null,
  activeRoom: null,
  lastSeq: {},
  memberReadSeq: {},
  typing: {},
  presence: {},
  pending: {},
  socket: null,
}

/** Rooms by their last message, newest first; rooms without one last, newest room first. */
export function byLastMessage(a: Room, b: Room): number {
  const am = a.lastMessageAt ?? null
  const bm = b.lastMessageAt ?? null
  if (am !== bm) {
    if (am === null) return 1
    if (bm === null) return -1
    return bm - am
  }
  return b.createdAt - a.createdAt
}

/** Messages merged by _id (a later copy wins), ascending by seq. */
export function mergeMessages(held: Message[], incoming: Message[]): Message[] {
  const byId = new Map(held.map((m) => [m._id, m]))
  for (const m of incoming) byId.set(m._id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record
  const next = { ...record }
  delete next[key]
  return next
}

export const useChat = create<ChatStore>()((set, get) => {
  /** The socket, or an error the caller shows. */
  const live = (): ChatSocket => {
    const socket = get().socket
    if (!socket) throw new ChatError('Not connected', CODES.unavailable)
    return socket
  }

  /**
   * An event's answer. On 'token_expired' the server disconnects the socket, and socket.ts
   * refreshes the token and connects again; the resync then sends what is still pending.
   */
  const ask = <T>(event: string, payload: unknown): Promise<T> => request<T>(live(), event, payload)

  /** A room's row: replaced, or added when the list shows every room (no search). */
  const placeRoom = (room: Room) =>
    set((s) => {
      const at = s.users.findIndex((r) => r._id === room._id)
      let users = s.users
      if (at >= 0) users = s.users.map((r) => (r._id === room._id ? room : r))
      else if (s.search === '') users = [room, ...s.users]
      else return s.activeRoomId === room._id ? { activeRoom: room } : s
      return {
        users: [...users].sort(byLastMessage),
        usersTotal: at >= 0 ? s.usersTotal : s.usersTotal + 1,
        activeRoom: s.activeRoomId === room._id ? room : s.activeRoom,
        presence: { ...s.presence, [room.user._id]: room.online },
        memberReadSeq: {
          ...s.memberReadSeq,
          [room._id]: Math.max(room.memberReadSeq ?? 0, s.memberReadSeq[room._id] ?? 0),
        },
      }
    })

  /** Messages of the active room arrive (history, missed, live, acknowledged). */
  const takeMessages = (roomId: string, list: Message[]) =>
    set((s) => {
      if (list.length === 0) return s
      const top = Math.max(s.lastSeq[roomId] ?? 0, ...list.map((m) => m.seq))
      let pending = s.pending
      for (const m of list) {
        const mine = Object.values(pending).find((p) => p.roomId === roomId && p.clientId === m.clientId)
        if (mine) pending = withoutKey(pending, mine.clientId)
      }
      return {
        messages: s.activeRoomId === roomId ? mergeMessages(s.messages, list) : s.messages,
        lastSeq: { ...s.lastSeq, [roomId]: top },
        pending,
      }
    })

  const onMessage = ({ message, room }: { message: Message; room: Room }) => {
    takeMessages(message.roomId, [message])
    if (room) placeRoom(room)
    // The menu's unread count follows the live events.
    void useChatUnread.getState().refresh()
    const s = get()
    if (message.roomId === s.activeRoomId && message.sender.type === 'member') {
      set((st) => ({ typing: withoutKey(st.typing, message.roomId) }))
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden')
        void get()
          .markRead()
          .catch(() => {})
    }
  }

  const onRoom = ({ room }: { room: Room }) => {
    placeRoom(room)
    void useChatUnread.getState().refresh()
  }

  const onTyping = ({ roomId, from, typing }: TypingEvent) => {
    if (from.type !== 'member') return
    set((s) => ({
      typing: typing ? { ...s.typing, [roomId]: { name: from.name, at: Date.now() } } : withoutKey(s.typing, roomId),
    }))
  }

  const onRead = ({ roomId, side, seq }: ReadEvent) => {
    if (side !== 'member') return
    set((s) => ({ memberReadSeq: { ...s.memberReadSeq, [roomId]: Math.max(seq, s.memberReadSeq[roomId] ?? 0) } }))
  }

  const onPresence = ({ userId, online }: PresenceEvent) =>
    set((s) => ({
      presence: { ...s.presence, [userId]: online },
      users: s.users.map((r) => (r.user._id === userId ? { ...r, online } : r)),
    }))

  let connectedOnce = false
  const onConnect = () => {
    set({ connected: true, connection: 'connected', connectionError: null })
    if (connectedOnce) void get().resync()
    else void get().loadUsers({ page: 1 })
    connectedOnce = true
  }
  const onDisconnect = () => {
    set((s) => ({
      connected: false,
      connection: 'reconnecting',
      pending: Object.fromEntries(Object.entries(s.pending).map(([k, p]) => [k, { ...p, failed: true }])),
    }))
  }
  const onConnectError = (error: Error & { data?: { code?: string } }) => {
    const code = handshakeCode(error)
    // A network failure (socket.io tries again by itself) or an expired token (socket.ts
    // refreshes it and connects again): reconnecting. Any other refusal ends here.
    const refused = get().socket?.active === false
    if (!refused || code === CODES.tokenExpired) set({ connected: false, connection: 'reconnecting' })
    else set({ connected: false, connection: 'offline', connectionError: error.message || 'Refused' })
  }

  /** Sends one pending message; the acknowledgement replaces it with the stored message. */
  const deliver = async (p: PendingSend): Promise<Message | null> => {
    try {
      const { message } = await ask<{ message: Message }>(C2S.send, {
        roomId: p.roomId,
        text: p.text,
        ...(p.image ? { image: p.image } : {}),
        clientId: p.clientId,
      })
      takeMessages(p.roomId, [message])
      return message
    } catch (error) {
      const code = error instanceof ChatError ? error.code : ''
      if (code === CODES.validation || code === CODES.forbidden || code === CODES.notFound) {
        set((s) => ({ pending: withoutKey(s.pending, p.clientId) }))
        throw error
      }
      // Offline, no answer, a service down: kept, sent again after reconnection.
      set((s) =>
        s.pending[p.clientId]
          ? { pending: { ...s.pending, [p.clientId]: { ...s.pending[p.clientId], failed: true } } }
          : s,
      )
      return null
    }
  }

  return {
    ...initial,

    attach(socket) {
      connectedOnce = false
      set({ socket, connection: socket.connected ? 'connected' : 'connecting', connected: socket.connected })
      // Every event the store follows, with its handler: on while attached, off when detached.
      const handlers = [
        [LIFECYCLE.connect, onConnect],
        [LIFECYCLE.disconnect, onDisconnect],
        [LIFECYCLE.connectError, onConnectError],
        [S2C.message, onMessage],
        [S2C.room, onRoom],
        [S2C.typing, onTyping],
        [S2C.read, onRead],
        [S2C.presence, onPresence],
      ] as const
      for (const [event, handler] of handlers) socket.on(event, handler)
      if (socket.connected) onConnect()
      return () => {
        for (const [event, handler] of handlers) socket.off(event, handler)
        if (get().socket === socket) set({ socket: null, connected: false })
      }
    },

    async loadUsers(options = {}) {
      const page = options.page ?? 1
      const search = options.search ?? get().search
      const limit = get().limit
      set({ usersLoading: true, search })
      try {
        const answer = await ask<UsersPage>(C2S.users, { page, limit, search })
        if (get().search !== search) return
        set((s) => {
          const rooms =
            page === 1
              ? answer.list
              : [...s.users.filter((r) => !answer.list.some((n) => n._id === r._id)), ...answer.list]
          const presence = { ...s.presence }
          for (const r of answer.list) presence[r.user._id] = r.online
          return { users: rooms, usersTotal: answer.total_records, page, presence }
        })
      } finally {
        if (get().search === search) set({ usersLoading: false })
      }
    },

    async loadMoreUsers() {
      const s = get()
      if (s.usersLoading || s.users.length >= s.usersTotal) return
      await s.loadUsers({ page: s.page + 1 })
    },

    async openRoom(room) {
      const previous = get().activeRoomId
      if (previous && previous !== room._id && get().socket?.connected)
        void ask(C2S.leave, { roomId: previous }).catch(() => {})
      set({ activeRoomId: room._id, activeRoom: room, messages: [], hasOlder: false })
      const joined = await ask<{ room: Room }>(C2S.join, { roomId: room._id })
      if (get().activeRoomId !== room._id) return
      placeRoom(joined.room)
      const page = await ask<MessagePage>(C2S.history, { roomId: room._id, limit: get().messageLimit })
      if (get().activeRoomId !== room._id) return
      set({ hasOlder: page.hasMore })
      takeMessages(room._id, page.list)
      await get()
        .markRead()
        .catch(() => {})
    },

    closeRoom() {
      const previous = get().activeRoomId
      if (previous && get().socket?.connected) void ask(C2S.leave, { roomId: previous }).catch(() => {})
      set({ activeRoomId: null, activeRoom: null, messages: [], hasOlder: false })
    },

    async loadOlder() {
      const s = get()
      const roomId = s.activeRoomId
      if (!roomId || s.loadingOlder || !s.hasOlder || s.messages.length === 0) return 0
      set({ loadingOlder: true })
      try {
        const page = await ask<MessagePage>(C2S.history, { roomId, limit: s.messageLimit, before: s.messages[0].seq })
        if (get().activeRoomId !== roomId) return 0
        set({ hasOlder: page.hasMore })
        takeMessages(roomId, page.list)
        return page.list.length
      } finally {
        set({ loadingOlder: false })
      }
    },

    async send({ text, image = '' }) {
      const roomId = get().activeRoomId
      if (!roomId) return null
      const p: PendingSend = { clientId: newClientId(), roomId, text, image, createdAt: Date.now(), failed: false }
      set((s) => ({ pending: { ...s.pending, [p.clientId]: p } }))
      if (!get().socket?.connected) {
        set((s) => ({ pending: { ...s.pending, [p.clientId]: { ...p, failed: true } } }))
        return null
      }
      return deliver(p)
    },

    setTyping(typing) {
      const roomId = get().activeRoomId
      if (!roomId || !get().socket?.connected) return
      void ask(C2S.typing, { roomId, typing }).catch(() => {})
    },

    async markRead() {
      const s = get()
      const roomId = s.activeRoomId
      const seq = roomId ? (s.lastSeq[roomId] ?? 0) : 0
      if (!roomId || seq === 0 || !s.socket?.connected) return
      const answer = await ask<{ room: Room }>(C2S.read, { roomId, seq })
      placeRoom(answer.room)
      void useChatUnread.getState().refresh()
    },

    putRoom(room, options = {}) {
      placeRoom(room)
      if (options.cleared) {
        set((s) => (s.activeRoomId === room._id ? { messages: [], hasOlder: false, activeRoom: room } : s))
      }
    },

    async resync() {
      const s = get()
      const roomId = s.activeRoomId
      if (roomId) {
        const joined = await ask<{ room: Room }>(C2S.join, { roomId }).catch(() => null)
        if (joined) placeRoom(joined.room)
        for (let round = 0; round < MISSED_ROUNDS; round++) {
          const after = get().lastSeq[roomId] ?? 0
          const page = await ask<MessagePage>(C2S.missed, { roomId, after }).catch(() => null)
          if (!page) break
          takeMessages(roomId, page.list)
          if (!page.hasMore || page.list.length === 0) break
        }
      }
      for (const p of Object.values(get().pending)) {
        set((st) => ({ pending: { ...st.pending, [p.clientId]: { ...p, failed: false } } }))
        await deliver(p).catch(() => {})
      }
      await get()
        .loadUsers({ page: 1 })
        .catch(() => {})
      if (roomId)
        await get()
          .markRead()
          .catch(() => {})
    },

    reset() {
      connectedOnce = false
      set({ ...initial })
    },
  }
})

/** The active room's pending sends, oldest first. */
export function pendingOf(pending: Record<string, PendingSend>, roomId: string | null): PendingSend[] {
  if (!roomId) return []
  return Object.values(pending)
    .filter((p) => p.roomId === roomId)
    .sort((a, b) => a.createdAt - b.createdAt)
}
