/**
 * The chat's shapes as the contract (chat-rest.md, "Shapes") names them; times in epoch ms.
 * Written by hand from the contract until the BFF's generated schema carries them.
 */

export interface Person {
  _id: string
  type: 'admin' | 'member'
  name: string
  avatar: string
}

export interface Message {
  _id: string
  roomId: string
  seq: number
  sender: Person
  text: string
  /** Stored file name of module 'chatImage'; '' when none. */
  image: string
  clientId: string
  createdAt: number
  /** When the other side received it. */
  deliveredAt: number | null
  /** When the other side read it. */
  readAt: number | null
}

export interface RoomUser {
  _id: string
  name: string
  email: string
  avatar: string
  isDeleted: boolean
}

export interface Room {
  _id: string
  user: RoomUser
  lastMessage: Message | null
  lastMessageAt: number | null
  /** The admin side's unread count. */
  unread: number
  /** The donor is connected now. */
  online: boolean
  createdAt: number
  /** The room's counters, also sent (chat.proto's Room): the member side's read marker. */
  memberReadSeq?: number
  lastSeq?: number
}

/** Acknowledgement of every client -> server event. */
export type Ack<T> = { ok: true; data: T } | { ok: false; message: string; code: string }

export interface UsersPage {
  list: Room[]
  total_records: number
  page: number
  limit: number
}

export interface MessagePage {
  list: Message[]
  hasMore: boolean
}

export interface TypingEvent {
  roomId: string
  from: Person
  typing: boolean
}

export interface ReadEvent {
  roomId: string
  side: 'admin' | 'member'
  seq: number
  readAt: number
}

export interface PresenceEvent {
  userId: string
  online: boolean
}
