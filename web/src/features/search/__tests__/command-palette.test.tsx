/**
 * The command palette in the shell, as a person uses it by keyboard: Ctrl+K or "/" opens it,
 * screens show at once from the route table (by the user's rights, no request), records come
 * from GET /admin/search after a pause, grouped under headings; the arrows move, Enter opens,
 * Escape closes and gives the focus back. A late answer for an earlier text never shows.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../testing/render-app'
import { mockApi, type MockApi, type Reply } from '../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../testing/users'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import type { SearchResults } from '../types'

const SEARCH = 'GET /admin/search'
let api: MockApi

const answer = (groups: SearchResults['groups']): Reply => [200, { message: 'Search results', data: { groups } }]
const ADA: SearchResults['groups'] = [
  { kind: 'donor', unavailable: false, items: [{ _id: 'd1', title: 'Ada Lovelace', subtitle: 'ada@example.org' }] },
  {
    kind: 'transaction',
    unavailable: false,
    items: [{ _id: 't1', title: 'GC-2026-000001', subtitle: '$25.00 · Ada Lovelace to Water · Succeeded' }],
  },
]

beforeEach(() => {
  api = mockApi()
})

afterEach(() => api.restore())

const combobox = () => screen.getByRole('combobox', { name: 'Search everywhere' })
/** The palette is closing or closed (jsdom never ends antd's leave animation). */
const closed = () => {
  const box = screen.queryByRole('combobox', { name: 'Search everywhere' })
  const wrap = box?.closest('.ant-modal-wrap') as HTMLElement | null
  return !box || wrap?.style.display === 'none' || Boolean(box.closest('[class*="-leave"]'))
}
const asked = () => api.callsTo(SEARCH).map((c) => c.params?.q)

async function openWithKeys(keys = '{Control>}k{/Control}') {
  await screen.findByRole('button', { name: 'Search' })
  await userEvent.keyboard(keys)
  await waitFor(() => expect(document.activeElement).toBe(combobox()))
}

describe('command palette', () => {
  it('opens with Ctrl+K, finds screens at once and records after a pause, and Enter opens the marked one', async () => {
    api.on(SEARCH, answer(ADA))
    const { router } = renderApp('/change_password', mainAdmin)
    await openWithKeys()
    expect(screen.getByRole('status').textContent).toContain('Type at least 2 characters')
    await userEvent.type(combobox(), 'ada')
    // Records after the pause; each group under its heading (no screen's title holds "ada").
    const donors = await screen.findByRole('group', { name: 'Donors' })
    expect(within(donors).getByRole('option').textContent).toContain('Ada Lovelace')
    expect(within(screen.getByRole('group', { name: 'Transactions' })).getByRole('option').textContent).toContain(
      'GC-2026-000001',
    )
    expect(asked()).toEqual(['ada'])
    expect(screen.queryByRole('group', { name: 'Screens' })).toBeNull()
    expect(combobox().getAttribute('aria-expanded')).toBe('true')
    // The first option is marked; the arrows move the mark, wrapping around.
    const options = screen.getAllByRole('option')
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[0].id)
    await userEvent.keyboard('{ArrowDown}')
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[1].id)
    expect(options[1].getAttribute('aria-selected')).toBe('true')
    await userEvent.keyboard('{ArrowDown}')
    expect(combobox().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id)
    await userEvent.keyboard('{ArrowUp}')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.transactionView('t1')))
    await waitFor(() => expect(closed()).toBe(true))
  })

  it('shows screens from the route table as one types, without a request, by the user’s rights', async () => {
    api.on(SEARCH, answer([]))
    renderApp('/change_password', subAdmin({ [SLUGS.donor]: ['view'], [SLUGS.transaction]: ['view'] }))
    await openWithKeys()
    await userEvent.type(combobox(), 'D')
    const screens = screen.getByRole('group', { name: 'Screens' })
    expect(
      within(screens)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Donor Management'])
    expect(asked()).toEqual([])
    await userEvent.type(combobox(), 'ash')
    // "Dash": the dashboard is no screen of this sub-admin.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No results'))
    expect(screen.queryByRole('option')).toBeNull()
    expect(combobox().getAttribute('aria-expanded')).toBe('false')
  })

  it('"/" opens it outside a text field; Escape closes it', async () => {
    renderApp('/change_password', mainAdmin)
    const button = await screen.findByRole('button', { name: 'Search' })
    // In a text field "/" is a character.
    const field = await screen.findByLabelText('Old Password')
    await userEvent.click(field)
    await userEvent.keyboard('/')
    expect(screen.queryByRole('combobox', { name: 'Search everywhere' })).toBeNull()
    button.focus()
    await userEvent.keyboard('/')
    await waitFor(() => expect(document.activeElement).toBe(combobox()))
    await userEvent.keyboard('{Escape}')
    // (The focus going back to the button is checked in Chromium: e2e/palette.test.mjs.)
    await waitFor(() => expect(closed()).toBe(true))
  })

  it('a late answer for an earlier text never shows; a service that did not answer says so', async () => {
    let first: (reply: Reply) => void = () => {}
    api.on(SEARCH, (call) =>
      call.params?.q === 'ad'
        ? new Promise<Reply>((done) => (first = done))
        : answer([...ADA.slice(1), { kind: 'donor', unavailable: true, items: [] }]),
    )
    renderApp('/change_password', mainAdmin)
    await openWithKeys()
    await userEvent.type(combobox(), 'ad')
    await waitFor(() => expect(asked()).toEqual(['ad']))
    expect(screen.getByRole('status').textContent).toContain('Searching…')
    await userEvent.type(combobox(), 'x')
    await waitFor(() => expect(asked()).toEqual(['ad', 'adx']))
    await screen.findByRole('group', { name: 'Transactions' })
    first(answer(ADA))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('Ada Lovelace', { selector: '[role="option"] div' })).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Donors could not be searched right now.')
  })

  it('is not offered to a nonprofit admin', async () => {
    const npo = { ...mainAdmin, adminType: 'Charity Admin' as const, permissions: [] }
    renderApp('/change_password', npo)
    await screen.findByLabelText('Old Password')
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull()
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true })
    expect(screen.queryByRole('combobox')).toBeNull()
  })
})
