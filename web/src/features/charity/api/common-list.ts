import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

export interface CommonListQuery {
  page: number
  limit: number
  search: string
}

export interface CommonListItem {
  _id: string
  name: string
}

export interface CommonList {
  items: CommonListItem[]
  total: number
}

/** POST /admin/common/list { page, limit, type: 'charity', search } (signed in): nonprofit names. */
export async function listCommonCharities(query: CommonListQuery): Promise<CommonList> {
  const res = await apiClient.post<ApiEnvelope<{ list: CommonListItem[] }>>('/admin/common/list', {
    page: query.page,
    limit: query.limit,
    type: 'charity',
    search: query.search,
  })
  return { items: res.data.data?.list ?? [], total: res.data.total_records ?? 0 }
}
