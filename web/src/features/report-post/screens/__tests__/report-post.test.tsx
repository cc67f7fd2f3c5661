import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/reportPost/reportPostList'
const DELETE = 'POST /admin/reportPost/deletePost/p1'
const at = new Date(2026, 10, 3, 8, 0).getTime()
const person = (id: string, name: string) => ({ _id: id, type: 'donor', name, avatar: '' })
const reported = {
  _id: 'p1',
  post: {
    _id: 'p1',
    communityId: 'c1',
    communityName: 'Garden Friends',
    author: person('d1', 'Rex Rude'),
    text: 'Buy cheap watches here',
    images: [],
    likesCount: 0,
    commentsCount: 2,
    reportsCount: 2,
    isActive: true,
    likedByAdmin: false,
    createdAt: at,
  },
  communityName: 'Garden Friends',
  reportsCount: 2,
  reasons: [
    { _id: 'r1', reporter: person('d2', 'Ann Alert'), reason: 'Spam', createdAt: at + 60_000 },
    { _id: 'r2', reporter: person('d3', 'Bo Bell'), reason: 'Scam link', createdAt: at + 30_000 },
  ],
  lastReportedAt: at + 60_000,
}

let api: MockApi
let deleted = false

beforeEach(() => {
  deleted = false
  api = mockApi()
  api
    .on(LIST, () => [200, { message: 'ok', data: deleted ? [] : [reported], total_records: deleted ? 0 : 1 }])
    .on('GET /auth/metaData', META_DATA)
})

afterEach(() => api.restore())

const LOAD = { timeout: 15000 }
const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy(), LOAD)
  return labelled(selector, label) as HTMLElement
}

describe('Report Post', () => {
  it('lists reported posts with their community, report count and reasons, in the server order', async () => {
    renderApp('/reporte_post', mainAdmin)
    expect(await screen.findByText('Buy cheap watches here', undefined, LOAD)).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 1, limit: 10, search: '', column: '', order: 'desc' })
    expect(screen.getByText('Garden Friends')).toBeTruthy()
    expect(screen.getByText('Spam')).toBeTruthy()
    expect(screen.getByText('Scam link')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by Post or Community')).toBeTruthy()
  })

  it('shows the whole post and who reported it', async () => {
    renderApp('/reporte_post', mainAdmin)
    await userEvent.click(await found('button', 'View post by Rex Rude'))
    const dialog = (await screen.findByText('Reported Post')).closest('[role="dialog"]') as HTMLElement
    expect(within(dialog).getByText('Ann Alert')).toBeTruthy()
    expect(within(dialog).getByText('Bo Bell')).toBeTruthy()
    expect(within(dialog).getByText('Rex Rude')).toBeTruthy()
  })

  it('deletes the post after the confirmation: the message shows and the list no longer holds it', async () => {
    api.on(DELETE, () => {
      deleted = true
      return [200, { message: 'Post deleted successfully', data: null }]
    })
    renderApp('/reporte_post', mainAdmin)
    await userEvent.click(await found('button', 'Delete post by Rex Rude'))
    const dialog = (await screen.findByText('Are you sure you want to Delete ?')).closest(
      '[role="dialog"]',
    ) as HTMLElement
    await userEvent.click(within(dialog).getByRole('button', { name: /Yes$/ }))
    expect(await screen.findByText('Post deleted successfully')).toBeTruthy()
    expect(api.callsTo(DELETE)).toHaveLength(1)
    await waitFor(() => expect(labelled('button', 'Delete post by Rex Rude')).toBeNull())
  })

  it('a failed delete shows no error toast (SPEC section 8: report post has no error handling)', async () => {
    api.on(DELETE, [404, { message: 'Post not found' }])
    renderApp('/reporte_post', mainAdmin)
    await userEvent.click(await found('button', 'Delete post by Rex Rude'))
    const dialog = (await screen.findByText('Are you sure you want to Delete ?')).closest(
      '[role="dialog"]',
    ) as HTMLElement
    await userEvent.click(within(dialog).getByRole('button', { name: /Yes$/ }))
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1))
    expect(screen.queryByText('Post not found')).toBeNull()
  })

  it('a sub-admin who may only view has View but no Delete', async () => {
    renderApp('/reporte_post', subAdmin({ '/reporte_post': ['view'] }))
    expect(await screen.findByText('Buy cheap watches here', undefined, LOAD)).toBeTruthy()
    expect(labelled('button', 'View post by Rex Rude')).toBeTruthy()
    expect(labelled('button', 'Delete post by Rex Rude')).toBeNull()
  })
})
