import { DELETED_DONOR } from './constants'
import type { Room } from './types'

/** A room's donor as the list and the conversation name it ('Deleted donor' once deleted). */
export const roomName = (room: Room) =>
  room.user.isDeleted ? DELETED_DONOR : room.user.name || room.user.email || 'Unknown'
