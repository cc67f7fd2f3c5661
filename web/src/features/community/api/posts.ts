/**
 * Posts, comments and likes: /v1/posts/ (module /community). SPEC section 8: post calls show no
 * error handling, so none of them shows a failure toast.
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TablePage } from '../../../lib/list-page'
import type { Comment, LikeState, Post } from '../types'

const BASE = '/v1/posts'
const enc = encodeURIComponent
const QUIET = { skipErrorToast: true } as const

export interface CommunityPostsQuery {
  communityId: string
  page: number
  limit: number
}

/** POST communityPosts: the community's active posts, newest first (at most 100 a page). */
export const listActivePosts = (query: CommunityPostsQuery) =>
  listPage<Post>(`${BASE}/communityPosts`, query, { quiet: true })

/** POST InActivePostList: the community's inactive posts (asked with limit 1000000; the server pages at 100). */
export const listInactivePosts = (query: CommunityPostsQuery) =>
  listPage<Post>(`${BASE}/InActivePostList`, query, { quiet: true })

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
export const listComments = (postId: string, page: number, limit: number): Promise<TablePage<Comment>> =>
  listPage<Comment>(`${BASE}/getPostCommnetList/${enc(postId)}`, { page, limit }, { method: 'get', quiet: true })

/** POST likeUnlikeComment/{id}: like, or unlike when the admin account likes it already. */
export async function likeComment(id: string): Promise<ApiEnvelope<LikeState>> {
  return (await apiClient.post<ApiEnvelope<LikeState>>(`${BASE}/likeUnlikeComment/${enc(id)}`, {}, QUIET)).data
}
