import type { AsyncLoader } from '../../../components/AsyncSelect'
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listCommonCharities } from '../../charity/api/common-list'
import type { NamedRef } from '../types'

/** Nonprofits for the featured select: POST /admin/common/list (type 'charity'), a page at a time. */
export const charityLoader: AsyncLoader = async (search, page, limit) => {
  const { rows, total } = await listCommonCharities({ page, limit, search })
  return {
    options: rows.map((row) => ({ value: row._id, label: row.name })),
    hasMore: total > 0 ? page * limit < total : rows.length === limit,
  }
}

/** POST /admin/cause/getAll {}: every active cause by name (the select pages through them here). */
async function allCauses(): Promise<NamedRef[]> {
  const res = await apiClient.post<ApiEnvelope<NamedRef[]>>('/admin/cause/getAll', {})
  return res.data.data ?? []
}

let causes: Promise<NamedRef[]> | null = null

/** Causes for the featured select: the active causes matching the search, a page at a time. */
export const causeLoader: AsyncLoader = async (search, page, limit) => {
  if (page === 1 || !causes) causes = allCauses()
  let all: NamedRef[]
  try {
    all = await causes
  } catch (e) {
    causes = null
    throw e
  }
  const needle = search.trim().toLowerCase()
  const matching = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all
  const slice = matching.slice((page - 1) * limit, page * limit)
  return { options: slice.map((c) => ({ value: c._id, label: c.name })), hasMore: page * limit < matching.length }
}
