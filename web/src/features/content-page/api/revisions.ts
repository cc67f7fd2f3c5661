import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { Revision, RevisionSummary } from '../types'

/** The prefix of a page's revision paths (content-rest.md, Revisions). */
export type RevisionArea = 'homepage' | 'cms' | 'aboutUs' | 'givingPartner'

export interface RevisionPage {
  rows: RevisionSummary[]
  total: number
}

/** The revision calls of one page: its list, one revision with its document, and restore. */
export interface RevisionSource<P = unknown> {
  list: (page: number, limit: number) => Promise<RevisionPage>
  get: (id: string) => Promise<Revision>
  restore: (id: string) => Promise<ApiEnvelope<P>>
}

const enc = encodeURIComponent

/**
 * GET /admin/{area}/revisions[/{pageId}]?page=&limit= (newest first), GET /admin/{area}/revision/{id},
 * POST /admin/{area}/restoreRevision/{id} ("Revision restored successfully", the page after it).
 * `pageId` names the CMS page (its list is per page).
 */
export function revisionSource<P>(area: RevisionArea, pageId?: string): RevisionSource<P> {
  const base = `/admin/${area}`
  return {
    list: async (page, limit) => {
      const path = pageId ? `${base}/revisions/${enc(pageId)}` : `${base}/revisions`
      const res = await apiClient.get<ApiEnvelope<RevisionSummary[]>>(path, { params: { page, limit } })
      return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
    },
    get: async (id) => {
      const res = await apiClient.get<ApiEnvelope<Revision>>(`${base}/revision/${enc(id)}`)
      return res.data.data
    },
    restore: async (id) => {
      const res = await apiClient.post<ApiEnvelope<P>>(`${base}/restoreRevision/${enc(id)}`)
      return res.data
    },
  }
}
