import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Homepage, HomepageInput } from '../types'

/** GET /admin/homepage/getHomepageDetails (an empty homepage, revision 0, before the first save). */
export async function getHomepage(): Promise<Homepage> {
  const res = await apiClient.get<ApiEnvelope<Homepage>>('/admin/homepage/getHomepageDetails')
  return res.data.data
}

/** POST /admin/homepage/updateHomepage HomepageInput -> "Homepage updated successfully". */
export async function updateHomepage(body: HomepageInput): Promise<ApiEnvelope<Homepage>> {
  const res = await apiClient.post<ApiEnvelope<Homepage>>('/admin/homepage/updateHomepage', body)
  return res.data
}
