/** Chat's REST paths: /admin/chat/ (module /chat, add). The live side is the socket (socket.ts). */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Room } from '../types'

const BASE = '/admin/chat'

/**
 * POST createRoom {userId} -> the donor's room (the existing one when there is one),
 * "Room opened successfully"; 400 userId 'Please select a user', 404 userId 'User not found'.
 */
export async function createRoom(userId: string): Promise<ApiEnvelope<Room>> {
  return (await apiClient.post<ApiEnvelope<Room>>(`${BASE}/createRoom`, { userId })).data
}

/**
 * DELETE clearChatHistory/{id} -> the room (lastMessage null, unread 0), "Chat history cleared
 * successfully". Hides the messages up to now from the admin side only; the donor keeps its copy.
 */
export async function clearChatHistory(roomId: string): Promise<ApiEnvelope<Room>> {
  return (await apiClient.delete<ApiEnvelope<Room>>(`${BASE}/clearChatHistory/${encodeURIComponent(roomId)}`)).data
}
