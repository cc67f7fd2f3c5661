import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SearchResults } from '../types'

/**
 * GET /admin/search?q= (the main admin and sub-admins): the palette shows its own progress and
 * failure, so the call neither counts for the global spinner nor toasts; `signal` cancels a
 * stale one.
 */
export async function searchEverywhere(q: string, signal?: AbortSignal): Promise<SearchResults> {
  const config = { params: { q }, signal, skipErrorToast: true, skipLoadingCounter: true }
  return (await apiClient.get<ApiEnvelope<SearchResults>>('/admin/search', config)).data.data
}
