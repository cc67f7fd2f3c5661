/**
 * Saved views (issue 36): a list's search, filters, sort and page size kept under a name by the
 * signed-in admin (bff/src/areas/saved_view.rs, identity keeps them). Every list keeps that state
 * in its URL's query string (list-state.ts), so a view is its list's route (a module slug) and the
 * query string without the page: choosing one opens `?{query}` on page 1.
 *
 * Data through TanStack Query under the area 'savedView' (`useRefresh('savedView')` after a change).
 */
import { apiClient, type ApiEnvelope } from './api-client'
import { LIST_PARAMS } from './list-state'
import type { components } from '../api/schema'

export type SavedView = components['schemas']['SavedView']
export type SavedViewAnswer = components['schemas']['SavedViewAnswer']

/** The most views an account keeps on one list (services/identity/src/saved_views.rs, MAX_PER_LIST). */
export const MAX_VIEWS = 50
export const TOO_MANY_VIEWS = 'You can keep at most 50 views on a list: delete one first'

const PATH = '/admin/savedViews'

/** The cache key of a list's views. */
export const savedViewsKey = (list: string) => ['savedView', 'list', list] as const

/** GET /admin/savedViews?list= : the signed-in account's views of `list`, by name. */
export async function listSavedViews(list: string): Promise<SavedView[]> {
  return (await apiClient.get<ApiEnvelope<SavedView[]>>(PATH, { params: { list } })).data.data ?? []
}

/** POST /admin/savedViews: a new view, or the view of that name with its query replaced. */
export async function saveView(body: { list: string; name: string; query: string }) {
  return (await apiClient.post<ApiEnvelope<SavedViewAnswer>>(PATH, body)).data
}

/** DELETE /admin/savedViews/{id}?list= */
export async function deleteSavedView(view: SavedView) {
  const path = `${PATH}/${encodeURIComponent(view._id)}`
  return (await apiClient.delete<ApiEnvelope<unknown>>(path, { params: { list: view.list } })).data
}

/** A list's URL query string as a view keeps it: without `?` and without the page. */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search)
  params.delete(LIST_PARAMS.page)
  return params.toString()
}

/** Whether two query strings show the same view: the same parameters, in any order, page aside. */
export function sameView(a: string, b: string): boolean {
  const pairs = (q: string) =>
    [...new URLSearchParams(viewQuery(q)).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&')
  return pairs(a) === pairs(b)
}

/** The form of a name the server compares: trimmed, case aside (saving it again replaces that view). */
export const nameKey = (name: string) => name.trim().toLowerCase()

/** The view of `views` the query string shows, if any. */
export function currentView(views: readonly SavedView[], search: string): SavedView | undefined {
  return views.find((v) => sameView(v.query, search))
}

/**
 * The Save dialog's rule beyond the name's own: a new name on a list that keeps the most views
 * is refused (as the server refuses it); saving a kept name replaces that view.
 */
export function roomFor(views: readonly SavedView[], name: unknown): string | null {
  const key = nameKey(String(name ?? ''))
  return views.length >= MAX_VIEWS && !views.some((v) => nameKey(v.name) === key) ? TOO_MANY_VIEWS : null
}
