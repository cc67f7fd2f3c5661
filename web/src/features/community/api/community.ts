/** Communities: /admin/admin-community/ and GET /v1/community/getCommunityDetail (module /community). */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Community, CommunityInput, CommunityMember } from '../types'

const BASE = '/admin/admin-community'
const enc = encodeURIComponent

/**
 * POST communityList (view): `isDeleted` picks the deleted filter; search on name; sort name,
 * createdAt (default, newest first), membersCount, postsCount.
 */
export const listCommunities = (query: TableQuery & { isDeleted: boolean }) =>
  listPage<Community>(`${BASE}/communityList`, query)

/** GET /v1/community/getCommunityDetail/{id}; 404 'Community not found'. */
export async function getCommunity(id: string): Promise<Community> {
  return (await apiClient.get<ApiEnvelope<Community>>(`/v1/community/getCommunityDetail/${enc(id)}`)).data.data
}

/** POST create (add) -> "Community created successfully". */
export async function createCommunity(body: CommunityInput): Promise<ApiEnvelope<Community>> {
  return (await apiClient.post<ApiEnvelope<Community>>(`${BASE}/create`, body)).data
}

/** PATCH update/{id} (edit) -> "Community updated successfully". */
export async function updateCommunity(id: string, body: CommunityInput): Promise<ApiEnvelope<Community>> {
  return (await apiClient.patch<ApiEnvelope<Community>>(`${BASE}/update/${enc(id)}`, body)).data
}

/** POST delete { _id, isDeleted } (delete): true deletes, false restores (SPEC section 4: one call toggles). */
export async function deleteCommunity(id: string, isDeleted: boolean): Promise<ApiEnvelope<Community>> {
  return (await apiClient.post<ApiEnvelope<Community>>(`${BASE}/delete`, { _id: id, isDeleted })).data
}

/** POST hideCommunity/{id} { isHidden } (edit). SPEC section 8: hide community shows no error handling. */
export async function hideCommunity(id: string, isHidden: boolean): Promise<ApiEnvelope<Community>> {
  return (
    await apiClient.post<ApiEnvelope<Community>>(
      `${BASE}/hideCommunity/${enc(id)}`,
      { isHidden },
      { skipErrorToast: true },
    )
  ).data
}

/** POST members/{id} (view): the community's members, newest first; search on name or email. */
export const listCommunityMembers = (id: string, query: TableQuery) =>
  listPage<CommunityMember>(`${BASE}/members/${enc(id)}`, query)
