/** Notifications: /admin/notification/ (module /send_notification). */
import type { AsyncLoader } from '../../../components/AsyncSelect'
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { NameOption, Notification, NotificationInput } from '../types'

const BASE = '/admin/notification'

/** Most names of each type the select shows for one search. */
export const NAMES_LIMIT = 20

/**
 * GET charityAndCauseNamesList?search=&limit= (view): approved, active nonprofits then active
 * causes whose name contains `search`, up to `limit` of each.
 */
export async function listNames(search: string, limit = NAMES_LIMIT): Promise<NameOption[]> {
  const res = await apiClient.get<ApiEnvelope<NameOption[]>>(`${BASE}/charityAndCauseNamesList`, {
    params: { search, limit },
  })
  return res.data.data ?? []
}

/** The audience select: one page per search (the list is not paged), 'charity:<id>' / 'cause:<id>'. */
export const audienceLoader: AsyncLoader = async (search, page) => {
  if (page > 1) return { options: [], hasMore: false }
  const names = await listNames(search)
  return {
    options: names.map((n) => ({
      value: `${n.type}:${n._id}`,
      label: `${n.name} (${n.type === 'charity' ? 'Nonprofit' : 'Cause'})`,
    })),
    hasMore: false,
  }
}

/** POST sendNotificationAllUser with preview: nothing is stored; the number of users it would reach. */
export async function previewNotification(body: Omit<NotificationInput, 'preview'>): Promise<number> {
  const res = await apiClient.post<ApiEnvelope<{ reach: number }>>(`${BASE}/sendNotificationAllUser`, {
    ...body,
    preview: true,
  })
  return res.data.data?.reach ?? 0
}

/** POST sendNotificationAllUser (add) -> the stored notification, "Notification sent successfully". */
export async function sendNotification(body: Omit<NotificationInput, 'preview'>): Promise<ApiEnvelope<Notification>> {
  return (
    await apiClient.post<ApiEnvelope<Notification>>(`${BASE}/sendNotificationAllUser`, { ...body, preview: false })
  ).data
}

/** POST notificationHistory (view): newest first; search on title; sort createdAt, title, reach. */
export const listNotifications = (query: TableQuery) => listPage<Notification>(`${BASE}/notificationHistory`, query)
