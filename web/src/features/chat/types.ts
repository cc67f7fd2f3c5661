/**
 * The chat's shapes (generated from /api-docs/openapi.json: chat-rest.md's "Shapes"); times in
 * epoch ms. A proto message field is nullable in the generated types; the BFF always fills a
 * message's sender and a room's user, so here they are there, and `type` is one of the two sides.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type Person = Omit<Schemas['ChatPerson'], 'type'> & { type: 'admin' | 'member' }

/** A message; `image` is a stored file name of module 'chatImage' ('' when none). */
export type Message = Omit<Schemas['Message'], 'sender'> & { sender: Person }

export type RoomUser = Schemas['RoomUser']

/** A room: `unread` is the admin side's count, `online` whether the donor is connected now. */
export type Room = Omit<Schemas['Room'], 'user' | 'lastMessage'> & { user: RoomUser; lastMessage: Message | null }

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
