import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** An active cause or nonprofit category, for the selects of the nonprofit form. */
export interface ActiveTerm {
  _id: string
  name: string
}

async function activeTerms(path: string): Promise<ActiveTerm[]> {
  const res = await apiClient.post<ApiEnvelope<ActiveTerm[]>>(path, {})
  return res.data.data ?? []
}

/** POST /admin/charity-category/getAll {} (signed in): active categories by name. */
export function getActiveCategories(): Promise<ActiveTerm[]> {
  return activeTerms('/admin/charity-category/getAll')
}

/** POST /admin/cause/getAll {} (signed in): active causes by name. */
export function getActiveCauses(): Promise<ActiveTerm[]> {
  return activeTerms('/admin/cause/getAll')
}
