/** The chat's texts and limits (chat-rest.md; the message's limit: lib/limits.ts). */
import { LIMITS, overLimit } from '../../lib/limits'

/** Media folder of chat images (POST /local-image/uploadImage, moduleName). */
export const CHAT_IMAGE_MODULE = 'chatImage'

export const CLEAR_TITLE = 'Are you sure you want to clear this chat history ?'
export const CLEAR_TEXT = 'The messages disappear from the console only; the donor keeps its copy.'
export const DELETED_DONOR = 'Deleted donor'

export const messages = {
  messageRequired: 'Please enter a message',
  messageTooLong: LIMITS.chat.message.message,
  userRequired: 'Please select a user',
}

/** The send box's check (the server's messages): text trimmed; an image alone is a message. */
export function checkMessage(text: string, image: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '' && image === '') return messages.messageRequired
  return overLimit(LIMITS.chat.message, trimmed)
}

/** How long after the last keystroke the "typing" notice stops. */
export const TYPING_IDLE_MS = 3000

export const CONNECTION_LABELS = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
} as const
