import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { AboutUs, AboutUsInput } from '../types'

/** GET /v1/aboutUs/aboutUsList: the about-us page. */
export async function getAboutUs(): Promise<AboutUs> {
  const res = await apiClient.get<ApiEnvelope<AboutUs>>('/v1/aboutUs/aboutUsList')
  return res.data.data
}

/** POST /admin/aboutUs/updateAboutUs { content, images } -> "About us updated successfully". */
export async function updateAboutUs(body: AboutUsInput): Promise<ApiEnvelope<AboutUs>> {
  const res = await apiClient.post<ApiEnvelope<AboutUs>>('/admin/aboutUs/updateAboutUs', body)
  return res.data
}
