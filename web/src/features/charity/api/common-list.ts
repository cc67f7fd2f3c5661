import { listPage } from '../../../lib/list-page'

export interface CommonListItem {
  _id: string
  name: string
}

/** POST /admin/common/list { page, limit, type: 'charity', search } (signed in): nonprofit names. */
export const listCommonCharities = (query: { page: number; limit: number; search: string }) =>
  listPage<CommonListItem>('/admin/common/list', { page: query.page, limit: query.limit, type: 'charity', search: query.search })
