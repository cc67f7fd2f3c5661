/**
 * Posts, comments and likes: /v1/posts/ (module /community). SPEC section 8: post calls show no
 * error handling, so none of them shows a failure toast.
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { TablePage } from '../../../lib/list-page'
import type { Comment, LikeState, Post } from '../types'

const BASE = '/v1/posts'
const enc = encodeURIComponent
const QUIET = { skipErrorToast: true } as const

async function postPage<T>(path: string, body: object): Promise<TablePage<T>> {
  const res = await apiClient.post<ApiEnvelope<T[]>>(path, body, QUIET)
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}

export interface CommunityPostsQuery {
  communityId: string
  page: number
  limit: number
}

/** POST communityPosts: the community's active posts, newest first (at most 100 a page). */
export const listActivePosts = (query: CommunityPostsQuery) => postPage<Post>(`${BASE}/communityPosts`, query)

/** POST InActivePostList: the community's inactive posts (asked with limit 1000000; the server pages at 100). */
export const listInactivePosts = (query: CommunityPostsQuery) => postPage<Post>(`${BASE}/InActivePostList`, query)

/** POST activeInActivePost/{id} { isActive } -> "Post activated successfully" / "Post deactivated successfully". */
export async function setPostActive(id: string, isActive: boolean): Promise<ApiEnvelope<Post>> {
  return (await apiClient.post<ApiEnvelope<Post>>(`${BASE}/activeInActivePost/${enc(id)}`, { isActive }, QUIET)).data
}

/** POST likeUnlikePost/{id}: like, or unlike when the admin account likes it already. */
export async function likePost(id: string): Promise<ApiEnvelope<LikeState>> {
  return (await apiClient.post<ApiEnvelope<LikeState>>(`${BASE}/likeUnlikePost/${enc(id)}`, {}, QUIET)).data
}

/** POST postComment { postId, text } -> the comment, "Comment added successfully". */
export async function addComment(postId: string, text: string): Promise<ApiEnvelope<Comment>> {
  return (await apiClient.post<ApiEnvelope<Comment>>(`${BASE}/postComment`, { postId, text }, QUIET)).data
}

/** POST postCommentRply { commentId, text } -> the reply, "Reply added successfully" (a comment only, not a reply). */
export async function addReply(commentId: string, text: string): Promise<ApiEnvelope<Comment>> {
  return (await apiClient.post<ApiEnvelope<Comment>>(`${BASE}/postCommentRply`, { commentId, text }, QUIET)).data
}

/** GET getPostCommnetList/{id}?page=&limit=: the post's top-level comments, newest first, with their replies. */
export async function listComments(postId: string, page: number, limit: number): Promise<TablePage<Comment>> {
  const res = await apiClient.get<ApiEnvelope<Comment[]>>(`${BASE}/getPostCommnetList/${enc(postId)}`, { params: { page, limit }, ...QUIET })
  return { rows: res.data.data ?? [], total: res.data.total_records ?? 0 }
}

/** POST likeUnlikeComment/{id}: like, or unlike when the admin account likes it already. */
export async function likeComment(id: string): Promise<ApiEnvelope<LikeState>> {
  return (await apiClient.post<ApiEnvelope<LikeState>>(`${BASE}/likeUnlikeComment/${enc(id)}`, {}, QUIET)).data
}
