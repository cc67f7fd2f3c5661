import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
  registerToastInstance: vi.fn(),
  TOAST_DURATION_SECONDS: 5,
  TOAST_PLACEMENT: 'topRight',
}))

import { listPage } from '../list-page'
import { toast } from '../toast'
import { mockApi, type MockApi } from '../../testing/mock-api'

const query = { page: 2, limit: 10, search: 'red', column: 'name', order: 'asc' }
let api: MockApi

beforeEach(() => {
  api = mockApi()
})

afterEach(() => {
  api.restore()
  vi.mocked(toast.error).mockClear()
})

describe('listPage', () => {
  it('posts the list query and answers the rows and the total', async () => {
    api.on('POST /admin/cause/causeList', [200, { message: 'ok', data: [{ _id: 'c1' }], total_records: 11 }])
    await expect(listPage('/admin/cause/causeList', query)).resolves.toEqual({ rows: [{ _id: 'c1' }], total: 11 })
    expect(api.calls[0].body).toEqual(query)
  })

  it("reads the shared name list's { list } and a missing total as 0", async () => {
    api.on('POST /admin/common/list', [200, { message: 'ok', data: { list: [{ _id: 'n1' }] } }])
    await expect(listPage('/admin/common/list', { page: 1, limit: 5 })).resolves.toEqual({
      rows: [{ _id: 'n1' }],
      total: 0,
    })
  })

  it('asks a GET list with the query in the URL', async () => {
    api.on('GET /admin/homepage/revisions', [200, { message: 'ok', data: [{ _id: 'r1' }], total_records: 1 }])
    await expect(listPage('/admin/homepage/revisions', { page: 1, limit: 5 }, { method: 'get' })).resolves.toEqual({
      rows: [{ _id: 'r1' }],
      total: 1,
    })
    expect(api.calls[0].params).toEqual({ page: 1, limit: 5 })
    expect(api.calls[0].body).toBeUndefined()
  })

  it('shows the failure as a toast, unless the list is quiet', async () => {
    api.on('POST /v1/posts/communityPosts', [500, { message: 'Posts are down' }])
    await expect(listPage('/v1/posts/communityPosts', query)).rejects.toThrow()
    expect(toast.error).toHaveBeenCalledWith('Posts are down')
    vi.mocked(toast.error).mockClear()
    await expect(listPage('/v1/posts/communityPosts', query, { quiet: true })).rejects.toThrow()
    expect(toast.error).not.toHaveBeenCalled()
  })
})
