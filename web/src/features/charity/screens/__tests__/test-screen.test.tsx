import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/common/list'
const NAMES = Array.from({ length: 12 }, (_, i) => `Charity ${String(i + 1).padStart(2, '0')}`)

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, (call) => {
    const { page, limit, search } = call.body as { page: number; limit: number; search: string }
    const matching = NAMES.filter((n) => n.toLowerCase().includes(search.toLowerCase()))
    const list = matching.slice((page - 1) * limit, page * limit).map((name) => ({ _id: `id-${name}`, name }))
    return [200, { message: 'ok', data: { list }, total_records: matching.length }]
  })
})

afterEach(() => api.restore())

const options = () => Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((e) => e.textContent)

describe('/test: async multi-select of nonprofits', () => {
  it('loads names 5 at a time from the common list and keeps the chosen ones', async () => {
    renderApp('/test', mainAdmin)
    const select = await screen.findByRole('combobox', { name: 'Nonprofits' })
    expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Test')
    expect(api.callsTo(LIST)).toHaveLength(0)
    fireEvent.mouseDown(select)
    await waitFor(() => expect(options()).toHaveLength(10))
    expect(api.callsTo(LIST).map((c) => c.body)).toEqual([
      { page: 1, limit: 5, type: 'charity', search: '' },
      { page: 2, limit: 5, type: 'charity', search: '' },
    ])
    fireEvent.click(screen.getByText('Charity 03', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByText('Charity 07', { selector: '.ant-select-item-option-content' }))
    const chosen = screen.getByLabelText('Selected nonprofits')
    await waitFor(() => expect(within(chosen).getByText('Charity 03')).toBeTruthy())
    expect(within(chosen).getByText('Charity 07')).toBeTruthy()
  })

  it('searches the server after typing', async () => {
    renderApp('/test', mainAdmin)
    const select = await screen.findByRole('combobox', { name: 'Nonprofits' })
    fireEvent.mouseDown(select)
    await waitFor(() => expect(options()).toHaveLength(10))
    fireEvent.change(select, { target: { value: '11' } })
    await waitFor(() => expect(options()).toEqual(['Charity 11']))
    expect(api.callsTo(LIST).at(-1)?.body).toEqual({ page: 1, limit: 5, type: 'charity', search: '11' })
  })

  it("is the main admin's only (no module; SPEC section 2): a sub-admin is refused", async () => {
    // A sub-admin holding nothing with a screen (every module has one now): no home to go to.
    renderApp('/test', subAdmin({}))
    expect(await screen.findByText('You are not allowed to view this page.')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Nonprofits' })).toBeNull()
  })
})
