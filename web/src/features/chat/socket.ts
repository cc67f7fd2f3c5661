/**
 * The console's one socket.io connection: namespace /admin on path /socket.io/, authenticated
 * with the session's access token (read again at each (re)connection). A handshake refused with
 * code 'token_expired' refreshes the token through the request client's shared refresh and
 * connects again; a refusal for any other reason ends there (the screen shows it). An event
 * answered 'token_expired' (the server then disconnects) does the same.
 *
 * This module is the only one that imports socket.io-client, and only the chat screen imports
 * it: the library loads with that screen's chunk, never with the sign-in page.
 */
import { io } from 'socket.io-client'
import { refreshAccessToken } from '../../lib/api-client'
import { currentUser } from '../../lib/session'
import { ADMIN_NAMESPACE, CODES, LIFECYCLE, REFUSAL_TEXTS, SOCKET_PATH } from './events'
import type { Ack } from './types'

/** What the store needs of a socket (a socket.io-client Socket, or a fake in tests). */
export interface ChatSocket {
  readonly connected: boolean
  /** socket.io's flag: false once the server refused the handshake (no retry by itself). */
  readonly active?: boolean
  on(event: string, listener: (...args: never[]) => void): unknown
  off(event: string, listener?: (...args: never[]) => void): unknown
  emit(event: string, payload: unknown, ack: (answer: Ack<unknown>) => void): unknown
  connect(): unknown
  disconnect(): unknown
}

/** A refused acknowledgement or handshake: the server's text and its code. */
export class ChatError extends Error {
  readonly code: string
  constructor(message: string, code: string) {
    super(message)
    this.name = 'ChatError'
    this.code = code
  }
}

/** How long an event waits for its acknowledgement. */
export const ACK_TIMEOUT_MS = 10_000
export const TIMEOUT_MESSAGE = 'The chat server did not answer. Please try again.'

/**
 * Emits `event` and resolves with the acknowledgement's data; `{ok:false}` rejects with a
 * ChatError carrying the server's message and code, no answer in time with code 'timeout'.
 */
export function request<T>(
  socket: ChatSocket,
  event: string,
  payload: unknown,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => {
      settled = true
      reject(new ChatError(TIMEOUT_MESSAGE, CODES.timeout))
    }, timeoutMs)
    socket.emit(event, payload, (answer: Ack<unknown>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (answer && answer.ok) resolve(answer.data as T)
      else reject(new ChatError(answer?.message || 'Something went wrong', answer?.code || CODES.unavailable))
    })
  })
}

interface HandshakeError extends Error {
  data?: { code?: string }
}

/**
 * The code of a refused handshake: `err.data.code` when the server sends it; socketioxide sends
 * only the text (README, "Chat: the live layer"), so otherwise the text tells it: an expired
 * token, the forbidden text, or (any other text) 'unauthorized'. '' for no error.
 */
export function handshakeCode(error: unknown): string {
  const e = error as HandshakeError | undefined
  if (e?.data?.code) return e.data.code
  const text = e?.message ?? ''
  if (text === '') return ''
  if (REFUSAL_TEXTS.expired.test(text)) return CODES.tokenExpired
  return text === REFUSAL_TEXTS.forbidden ? CODES.forbidden : CODES.unauthorized
}

/** Refreshes the access token and connects again (after 'token_expired'). */
export async function reconnectWithFreshToken(socket: ChatSocket, refused?: string): Promise<boolean> {
  try {
    await refreshAccessToken(refused)
  } catch {
    return false
  }
  socket.connect()
  return true
}

/** Opens the /admin connection (the default factory of the chat store). */
export function openAdminSocket(): ChatSocket {
  const base = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? ''
  // The token of the last handshake: the one refused when the server answers 'token_expired'
  // (the stored one may be newer by then: another request or tab refreshed it).
  let sent = ''
  const socket = io(`${base}${ADMIN_NAMESPACE}`, {
    path: SOCKET_PATH,
    // Read at each attempt, so a reconnection after a refresh sends the new token.
    auth: (cb) => {
      sent = currentUser()?.authToken ?? ''
      cb({ token: sent })
    },
    reconnectionDelayMax: 5000,
  })
  socket.on(LIFECYCLE.connectError, (error: Error) => {
    if (handshakeCode(error) === CODES.tokenExpired) void reconnectWithFreshToken(socket, sent || undefined)
  })
  // The server ends a socket whose token expired since the handshake (an event answered
  // 'token_expired'); socket.io does not reconnect by itself after a server's disconnect. A
  // fresh token, then one attempt: a refusal at that handshake ends in 'offline'.
  socket.on(LIFECYCLE.disconnect, (reason: string) => {
    if (reason === 'io server disconnect') void reconnectWithFreshToken(socket, sent || undefined)
  })
  return socket as unknown as ChatSocket
}
