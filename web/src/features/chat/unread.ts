/**
 * The Message menu entry's unread count (issue 34): GET /admin/chat/unread, `{rooms, messages}`
 * (rooms: the conversations with a member's message the admin side has not read). The shell asks
 * when it mounts and every UNREAD_REFRESH_MS; the chat store asks again whenever a live event
 * changes a room (a new message, a room read). Small on purpose: the shell's chunk holds it
 * without the chat screen or the socket.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import { apiClient, type ApiEnvelope } from '../../lib/api-client'

export interface UnreadTotal {
  rooms: number
  messages: number
}

/** How often the shell asks again while no live event arrives. */
export const UNREAD_REFRESH_MS = 30_000

/** GET /admin/chat/unread (quiet: the menu's count is not worth a toast). */
export async function getUnread(): Promise<ApiEnvelope<UnreadTotal>> {
  return (await apiClient.get<ApiEnvelope<UnreadTotal>>('/admin/chat/unread', { skipErrorToast: true })).data
}

interface UnreadState extends UnreadTotal {
  refresh: () => Promise<void>
}

let asking: Promise<void> | null = null

export const useChatUnread = create<UnreadState>((set) => ({
  rooms: 0,
  messages: 0,
  refresh() {
    // Events that arrive together ask once.
    asking ??= getUnread()
      .then((res) => set({ rooms: res.data.rooms, messages: res.data.messages }))
      .catch(() => {})
      .finally(() => {
        asking = null
      })
    return asking
  },
}))

/** Asks now and every UNREAD_REFRESH_MS while `enabled` (the user's menu has the Message entry). */
export function useUnreadRefresh(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const { refresh } = useChatUnread.getState()
    void refresh()
    const timer = setInterval(() => void refresh(), UNREAD_REFRESH_MS)
    return () => clearInterval(timer)
  }, [enabled])
}

/** The Message entry's accessible name: its visible title, then the count when there is one. */
export function unreadLabel(title: string, rooms: number): string {
  if (rooms <= 0) return title
  return `${title}, ${rooms} unread conversation${rooms === 1 ? '' : 's'}`
}
