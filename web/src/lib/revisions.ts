/**
 * The revisions every save of a content page keeps (the homepage, the CMS pages, about us, the
 * giving-partner page): their calls, for the shared RevisionPanel, and their types.
 */
import type { components } from '../api/schema'
import { apiClient, type ApiEnvelope } from './api-client'
import { listPage } from './list-page'

/** One save of a page, as listed (newest first), without what was saved. */
export type RevisionSummary = Omit<components['schemas']['Revision'], 'document' | 'restoredFrom'> & {
  /** The revision it restores, or null for a save. */
  restoredFrom: number | null
}

/** One save of a page with the whole page as saved (the page's answer without its revision fields). */
export type Revision = RevisionSummary & { document: Record<string, unknown> }

/** What every page answer carries about its current revision. */
export interface RevisionFields {
  /** The current revision's number (0 before the first save). */
  revision: number
  updatedAt?: number | null
  /** The author's name. */
  updatedBy?: string | null
}

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
    list: (page, limit) =>
      listPage<RevisionSummary>(
        pageId ? `${base}/revisions/${enc(pageId)}` : `${base}/revisions`,
        { page, limit },
        { method: 'get' },
      ),
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
