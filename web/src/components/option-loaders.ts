/**
 * The option lists that forms of several areas pick from, as AsyncSelect loaders (a page of
 * options at a time for the typed search): nonprofits, causes, communities, FAQ categories and
 * donors. Each asks its list endpoint itself, so no area imports another's calls.
 */
import type { AsyncLoader } from './AsyncSelect'
import { apiClient, type ApiEnvelope } from '../lib/api-client'
import { listPage } from '../lib/list-page'

/** A record as a name list holds it. */
export interface NamedItem {
  _id: string
  name: string
}

/** Whether a list has more after `page`: its total when it tells one, else a full page. */
const more = (page: number, limit: number, total: number, count: number) =>
  total > 0 ? page * limit < total : count === limit

const asOptions = (rows: NamedItem[]) => rows.map((row) => ({ value: row._id, label: row.name }))

/** POST /admin/common/list { page, limit, type: 'charity', search } (signed in): nonprofit names. */
export const listCommonCharities = (query: { page: number; limit: number; search: string }) =>
  listPage<NamedItem>('/admin/common/list', {
    page: query.page,
    limit: query.limit,
    type: 'charity',
    search: query.search,
  })

/** Nonprofits (the shared name list), a page at a time. */
export const charityLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listCommonCharities({ page, limit, search })
  return { options: asOptions(rows), hasMore: more(page, limit, total, rows.length) }
}

/** POST /admin/cause/getAll {}: every active cause by name (the select pages through them here). */
async function allCauses(): Promise<NamedItem[]> {
  const res = await apiClient.post<ApiEnvelope<NamedItem[]>>('/admin/cause/getAll', {})
  return res.data.data ?? []
}

let causes: Promise<NamedItem[]> | null = null

/** The active causes matching the search, a page at a time (asked once per first page). */
export const causeLoader: AsyncLoader = async (search, page, limit) => {
  if (page === 1 || !causes) causes = allCauses()
  let all: NamedItem[]
  try {
    all = await causes
  } catch (e) {
    causes = null
    throw e
  }
  const needle = search.trim().toLowerCase()
  const matching = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all
  const slice = matching.slice((page - 1) * limit, page * limit)
  return { options: asOptions(slice), hasMore: page * limit < matching.length }
}

/** Communities that are not deleted (an event's host), by name: POST /admin/admin-community/communityList. */
export const communityLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listPage<NamedItem>('/admin/admin-community/communityList', {
    page,
    limit,
    search,
    column: 'name',
    order: 'asc',
    isDeleted: false,
  })
  return { options: asOptions(rows), hasMore: page * limit < total }
}

/** FAQ categories in their order: POST /admin/faq-category/list. */
export const faqCategoryLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listPage<NamedItem>('/admin/faq-category/list', {
    page,
    limit,
    search,
    column: 'order',
    order: 'asc',
  })
  return { options: asOptions(rows), hasMore: more(page, limit, total, rows.length) }
}

interface DonorName {
  _id: string
  firstName: string
  lastName: string
  email: string
}

/** Donors by first name, shown with their email (a chat's "New conversation"): POST /admin/user/userList. */
export const donorLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listPage<DonorName>('/admin/user/userList', {
    page,
    limit,
    search,
    column: 'firstName',
    order: 'asc',
  })
  return {
    options: rows.map((d) => ({
      value: d._id,
      label: `${[d.firstName, d.lastName].filter(Boolean).join(' ')} (${d.email})`,
    })),
    hasMore: page * limit < total,
  }
}
