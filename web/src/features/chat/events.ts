/**
 * Every socket.io event name of the chat, the one place on the client (it mirrors the BFF's
 * bff/src/live/names.rs; the contract is briefs chat-rest.md, "socket.io"). The console speaks
 * to namespace /admin only; the /app names are here for the scripted app user of the flows.
 */

/** The namespace of the console and its socket.io path. */
export const ADMIN_NAMESPACE = '/admin'
export const SOCKET_PATH = '/socket.io/'

/** Client -> server, each answered through an acknowledgement `{ok, data}` / `{ok:false, message, code}`. */
export const C2S = {
  users: 'users',
  join: 'join',
  leave: 'leave',
  history: 'history',
  missed: 'missed',
  send: 'send',
  typing: 'typing',
  read: 'read',
} as const

/** Server -> client. */
export const S2C = {
  message: 'message',
  room: 'room',
  typing: 'typing',
  read: 'read',
  presence: 'presence',
  error: 'error',
} as const

/** socket.io's own events the console listens to. */
export const LIFECYCLE = {
  connect: 'connect',
  disconnect: 'disconnect',
  connectError: 'connect_error',
} as const

/** The `code` of a refused handshake or a failed acknowledgement. */
export const CODES = {
  validation: 'validation',
  forbidden: 'forbidden',
  notFound: 'not_found',
  tokenExpired: 'token_expired',
  unavailable: 'unavailable',
  unauthorized: 'unauthorized',
  /** Client side only: no acknowledgement in time. */
  timeout: 'timeout',
} as const

/**
 * A refused handshake carries only its text (socketioxide sends no `err.data`): the code is told
 * by it, as the BFF's `live::Refusal::code_of` does. Any other text is 'unauthorized'.
 */
export const REFUSAL_TEXTS = {
  /** bff/src/error.rs: "Your session token has expired". */
  expired: /token has expired/i,
  forbidden: 'You are not allowed to do this',
} as const

export type ClientEvent = (typeof C2S)[keyof typeof C2S]
export type ServerEvent = (typeof S2C)[keyof typeof S2C]
