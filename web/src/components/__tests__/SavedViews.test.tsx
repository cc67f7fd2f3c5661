import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { SavedViews } from '../SavedViews'
import { atUrl } from '../../testing/query-wrapper'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { mainAdmin } from '../../testing/users'
import { useSession, type SessionUser } from '../../lib/session'
import { sameView, viewQuery, type SavedView } from '../../lib/saved-views'

const LIST = '/donor'

function view(name: string, query: string, id = name.replace(/\W/g, '')): SavedView {
  return { _id: id, list: LIST, name, query, createdAt: 1, updatedAt: 1 }
}

const bigDonors = view('Big donors', 'q=smith&size=20&sort=totalGivenCents&order=desc')
const recent = view('Recent', 'sort=createdAt&order=desc')

let api: MockApi

function answerViews(views: SavedView[]) {
  api.on('GET /admin/savedViews', () => [200, { message: 'Saved views', data: views }])
}

function show(url: string, user: SessionUser = mainAdmin) {
  useSession.getState().signIn(user)
  const { element, router } = atUrl(<SavedViews />, url)
  render(element)
  return router
}

const viewsButton = () => screen.getByRole('button', { name: 'Views' })

async function openPanel() {
  fireEvent.click(viewsButton())
  return screen.findByRole('group', { name: 'Saved views of Donor Management' })
}

const dialog = () => screen.findByRole('dialog')
const press = (scope: HTMLElement, name: string | RegExp) =>
  fireEvent.click(within(scope).getByRole('button', { name }))

beforeEach(() => {
  api = mockApi()
})

afterEach(() => {
  api.restore()
  vi.unstubAllGlobals()
})

describe('SavedViews', () => {
  it('lists the views of the list when opened, and marks the one the URL shows', async () => {
    answerViews([bigDonors, recent])
    // The same view in another order, on another page.
    show('/donor?order=desc&page=3&sort=totalGivenCents&q=smith&size=20')
    expect(api.calls).toEqual([])
    const panel = await openPanel()
    const current = await within(panel).findByRole('button', { name: 'Big donors' })
    expect(current.getAttribute('aria-current')).toBe('true')
    expect(within(panel).getByRole('button', { name: 'Recent' }).getAttribute('aria-current')).toBeNull()
    expect(within(panel).getByRole('button', { name: 'Delete view Big donors' })).toBeTruthy()
    expect(api.callsTo('GET /admin/savedViews')[0].params).toEqual({ list: LIST })
    expect(viewsButton().getAttribute('aria-expanded')).toBe('true')
  })

  it('applies a view: the list opens its query on page 1', async () => {
    answerViews([bigDonors, recent])
    const router = show('/donor?page=4')
    const panel = await openPanel()
    fireEvent.click(await within(panel).findByRole('button', { name: 'Recent' }))
    expect(router.state.location.pathname).toBe(LIST)
    expect(router.state.location.search).toBe('?sort=createdAt&order=desc')
    expect(screen.queryByRole('group')).toBeNull()
  })

  it('checks the name in the Save dialog before sending anything', async () => {
    answerViews([bigDonors])
    show('/donor?q=jones&page=2')
    fireEvent.click(within(await openPanel()).getByRole('button', { name: 'Save view' }))
    const d = await dialog()
    const name = within(d).getByLabelText('Name') as HTMLInputElement
    expect(name.value).toBe('') // no current view: no name offered
    press(d, 'Save')
    expect(await within(d).findByText('Please enter Name')).toBeTruthy()
    fireEvent.change(name, { target: { value: '   ' } })
    press(d, 'Save')
    expect(await within(d).findByText('Please enter valid Name')).toBeTruthy()
    fireEvent.change(name, { target: { value: 'x'.repeat(61) } })
    press(d, 'Save')
    expect(await within(d).findByText('Name must be at most 60 characters')).toBeTruthy()
    expect(name.maxLength).toBe(60)
    expect(api.callsTo('POST /admin/savedViews')).toEqual([])
  })

  it('refuses a new name on a list that keeps fifty views, and lets a kept name replace its view', async () => {
    const fifty = Array.from({ length: 50 }, (_, n) => view(`View ${n}`, `q=v${n}`))
    answerViews(fifty)
    api.on('POST /admin/savedViews', ({ body }) => [
      200,
      {
        message: 'View updated: the view of this name now shows this list',
        data: { ...fifty[3], ...(body as object), replaced: true },
      },
    ])
    show('/donor?q=new')
    const panel = await openPanel()
    await within(panel).findByRole('button', { name: 'View 0' })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save view' }))
    const d = await dialog()
    const name = within(d).getByLabelText('Name')
    fireEvent.change(name, { target: { value: 'One more' } })
    press(d, 'Save')
    expect(await within(d).findByText('You can keep at most 50 views on a list: delete one first')).toBeTruthy()
    expect(api.callsTo('POST /admin/savedViews')).toEqual([])
    fireEvent.change(name, { target: { value: ' view 3 ' } })
    press(d, 'Save')
    await waitFor(() => expect(api.callsTo('POST /admin/savedViews')).toHaveLength(1))
    expect(api.callsTo('POST /admin/savedViews')[0].body).toEqual({ list: LIST, name: 'view 3', query: 'q=new' })
  })

  it('saves the view the URL shows, without its page, under the current name by default, with Enter', async () => {
    answerViews([bigDonors])
    api.on('POST /admin/savedViews', ({ body }) => [
      200,
      { message: 'View saved', data: { ...view('x', ''), ...(body as object), replaced: false } },
    ])
    show('/donor?q=smith&page=2&size=20&sort=totalGivenCents&order=desc')
    fireEvent.click(within(await openPanel()).getByRole('button', { name: 'Save view' }))
    const d = await dialog()
    const name = within(d).getByLabelText('Name') as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Big donors'))
    fireEvent.submit(name.closest('form')!)
    await waitFor(() => expect(api.callsTo('POST /admin/savedViews')).toHaveLength(1))
    expect(api.callsTo('POST /admin/savedViews')[0].body).toEqual({
      list: LIST,
      name: 'Big donors',
      query: 'q=smith&size=20&sort=totalGivenCents&order=desc',
    })
    // The list's views are asked again.
    await waitFor(() => expect(api.callsTo('GET /admin/savedViews')).toHaveLength(2))
  })

  it('deletes a view only after its confirmation', async () => {
    answerViews([bigDonors, recent])
    api.on('DELETE /admin/savedViews/Bigdonors', [200, { message: 'View deleted', data: {} }])
    show('/donor')
    const panel = await openPanel()
    fireEvent.click(await within(panel).findByRole('button', { name: 'Delete view Big donors' }))
    let d = await dialog()
    expect(within(d).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    press(d, 'No')
    expect(api.callsTo('DELETE /admin/savedViews/Bigdonors')).toEqual([])
    fireEvent.click(within(await openPanel()).getByRole('button', { name: 'Delete view Big donors' }))
    d = await dialog()
    await waitFor(() => expect(within(d).getByText('Are you sure you want to Delete ?')).toBeTruthy())
    press(d, 'Yes')
    await waitFor(() => expect(api.callsTo('DELETE /admin/savedViews/Bigdonors')).toHaveLength(1))
    expect(api.callsTo('DELETE /admin/savedViews/Bigdonors')[0].params).toEqual({ list: LIST })
  })

  it('copies the full link of the view, or shows it when the browser does not let it copy', async () => {
    answerViews([])
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    show('/donor?q=smith&page=5')
    let panel = await openPanel()
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/donor?q=smith`))
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    panel = screen.getByRole('group')
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }))
    const link = (await within(panel).findByLabelText('Copy this link')) as HTMLInputElement
    expect(link.value).toBe(`${window.location.origin}/donor?q=smith`)
    expect(link.readOnly).toBe(true)
  })

  it('works by keyboard: arrows open the panel and move between its items, Escape closes it', async () => {
    answerViews([bigDonors, recent])
    show('/donor')
    const button = viewsButton()
    button.focus()
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    const panel = await screen.findByRole('group')
    const first = await within(panel).findByRole('button', { name: 'Big donors' })
    await waitFor(() => expect(document.activeElement).toBe(first))
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Delete view Big donors' }))
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Copy link' }))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Escape' })
    expect(screen.queryByRole('group')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('shows nothing on a list that is not at a module route, nor to a nonprofit admin', () => {
    show('/audit_log')
    expect(screen.queryByRole('button', { name: /Views/ })).toBeNull()
    const npo: SessionUser = { ...mainAdmin, adminType: 'Charity Admin', charityId: 'c1' }
    show('/master/charity_management', npo)
    expect(screen.queryByRole('button', { name: /Views/ })).toBeNull()
  })
})

describe('saved view queries', () => {
  it('drop the page and compare parameters in any order', () => {
    expect(viewQuery('?q=a&page=2&size=20')).toBe('q=a&size=20')
    expect(sameView('q=a&size=20', '?size=20&page=9&q=a')).toBe(true)
    expect(sameView('q=a', 'q=a&tab=imported')).toBe(false)
    expect(sameView('', '?page=2')).toBe(true)
  })
})
