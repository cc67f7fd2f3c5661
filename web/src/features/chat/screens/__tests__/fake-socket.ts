/** A fake socket.io socket for the chat store: records emits, answers by event, fires server events. */
import { act } from '@testing-library/react'
import type { ChatSocket } from '../../socket'
import type { Ack, Message, Room } from '../../types'

type Listener = (...args: unknown[]) => void
/** An answer, or undefined: no acknowledgement (the send is left hanging). */
export type Responder = (
  payload: Record<string, unknown>,
) => Ack<unknown> | undefined | Promise<Ack<unknown> | undefined>

export class FakeSocket implements ChatSocket {
  connected = false
  /** False once the server refused the handshake (socket.io then stops trying). */
  active = true
  emitted: Array<{ event: string; payload: Record<string, unknown> }> = []
  responders = new Map<string, Responder>()
  private listeners = new Map<string, Set<Listener>>()
  disconnected = false

  on(event: string, listener: (...args: never[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener as Listener)
    return this
  }

  off(event: string, listener?: (...args: never[]) => void) {
    if (listener) this.listeners.get(event)?.delete(listener as Listener)
    else this.listeners.delete(event)
    return this
  }

  emit(event: string, payload: unknown, ack: (answer: Ack<unknown>) => void) {
    const body = (payload ?? {}) as Record<string, unknown>
    this.emitted.push({ event, payload: body })
    const responder = this.responders.get(event)
    if (!responder) return this
    void Promise.resolve(responder(body)).then((answer) => {
      if (answer) ack(answer)
    })
    return this
  }

  connect() {
    return this
  }

  disconnect() {
    this.disconnected = true
    return this
  }

  answer(event: string, responder: Responder) {
    this.responders.set(event, responder)
    return this
  }

  emitsOf(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload)
  }

  /** The server sends an event (or socket.io fires one of its own). */
  fire(event: string, ...args: unknown[]) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(...args)
    })
  }

  goOnline() {
    this.connected = true
    this.fire('connect')
  }

  drop() {
    this.connected = false
    this.fire('disconnect', 'transport close')
  }
}

export const ok = <T>(data: T): Ack<T> => ({ ok: true, data })

export const AT = new Date(2026, 10, 20, 9, 0).getTime()

export function room(id: string, name: string, extra: Partial<Room> = {}): Room {
  return {
    _id: id,
    user: {
      _id: `u-${id}`,
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@example.org`,
      avatar: '',
      isDeleted: false,
    },
    lastMessage: null,
    lastMessageAt: null,
    unread: 0,
    online: false,
    createdAt: AT,
    lastSeq: 0,
    memberUnread: 0,
    memberReadSeq: 0,
    memberDeliveredSeq: 0,
    adminReadSeq: 0,
    adminDeliveredSeq: 0,
    adminClearedSeq: 0,
    ...extra,
  }
}

export function message(
  roomId: string,
  seq: number,
  text: string,
  from: 'admin' | 'member' = 'member',
  extra: Partial<Message> = {},
): Message {
  return {
    _id: `${roomId}-m${seq}`,
    roomId,
    seq,
    sender:
      from === 'admin'
        ? { _id: 'a1', type: 'admin', name: 'Main Admin', avatar: '' }
        : { _id: `u-${roomId}`, type: 'member', name: 'Donor', avatar: '' },
    text,
    image: '',
    clientId: `client-${roomId}-${seq}`,
    createdAt: AT + seq * 60_000,
    deliveredAt: null,
    readAt: null,
    ...extra,
  }
}
