import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { CmsInput, CmsPage } from '../types'

/** GET /admin/cms/cmsPagesList: both CMS pages (privacy policy and terms of use), always present. */
export async function listCmsPages(): Promise<CmsPage[]> {
  const res = await apiClient.get<ApiEnvelope<CmsPage[]>>('/admin/cms/cmsPagesList')
  return res.data.data ?? []
}

/** POST /admin/cms/updateCms/{id} { title, content } (that page's edit) -> "Page updated successfully". */
export async function updateCmsPage(id: string, body: CmsInput): Promise<ApiEnvelope<CmsPage>> {
  const res = await apiClient.post<ApiEnvelope<CmsPage>>(`/admin/cms/updateCms/${encodeURIComponent(id)}`, body)
  return res.data
}
