/**
 * Reported posts: /admin/reportPost/ (module /reporte_post). SPEC section 8: report post shows
 * no error handling, so neither call shows a failure toast.
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { ReportedPost } from '../types'

const QUIET = { skipErrorToast: true } as const

/** POST reportPostList (view): posts with open reports, newest report first; search on post text or community name. */
export const listReportedPosts = (query: TableQuery) =>
  listPage<ReportedPost>('/admin/reportPost/reportPostList', query, { quiet: true })

/** POST deletePost/{id} (delete) -> "Post deleted successfully": the post goes, its open reports are closed. */
export async function deleteReportedPost(postId: string): Promise<ApiEnvelope<null>> {
  return (
    await apiClient.post<ApiEnvelope<null>>(`/admin/reportPost/deletePost/${encodeURIComponent(postId)}`, {}, QUIET)
  ).data
}
