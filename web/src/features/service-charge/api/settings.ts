import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Settings, SettingsBody } from '../types'

const settingsPath = (id: string) => `/admin/setting-master/${encodeURIComponent(id)}`

/** GET /admin/setting-master/{id}; 404 'Settings not found'. */
export async function getSettings(id: string): Promise<Settings> {
  const res = await apiClient.get<ApiEnvelope<Settings>>(settingsPath(id))
  return { ...res.data.data, history: res.data.data.history ?? [] }
}

/** POST /admin/setting-master/{id} (edit); 400 names the failing field. */
export async function updateSettings(id: string, body: SettingsBody): Promise<ApiEnvelope<Settings>> {
  const res = await apiClient.post<ApiEnvelope<Settings>>(settingsPath(id), body)
  return res.data
}
