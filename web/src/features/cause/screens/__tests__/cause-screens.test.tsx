import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { confirmsStatus, searchesOnce } from '../../../../testing/list-steps'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const LIST_PATH = '/master/cause_management'
const LIST = 'POST /admin/cause/causeList'
const created = new Date(2024, 0, 15, 9, 30).getTime()
const rows = [
  { _id: 'k1', name: 'Clean Water', description: 'Wells and filters', isActive: true, createdAt: created },
  { _id: 'k2', name: 'Literacy', description: '', isActive: false, createdAt: created },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: rows, total_records: 2 }])
})

afterEach(() => api.restore())

const listBodies = () => api.callsTo(LIST).map((c) => c.body)
const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })
const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname

describe('Causes list', () => {
  it('lists causes with description, formatted dates, the default query and the breadcrumbs', async () => {
    renderApp(LIST_PATH, mainAdmin)
    expect(await screen.findByText('Clean Water')).toBeTruthy()
    expect(screen.getByText('Wells and filters')).toBeTruthy()
    expect(screen.getByText('Literacy')).toBeTruthy()
    expect(screen.getAllByText(formatDate(created))).toHaveLength(2)
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    expect(screen.getByText('Description', { selector: 'th' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Add New Cause/ })).toBeTruthy()
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(crumbs.textContent).toContain('Master Management')
    expect(crumbs.textContent).toContain('Causes/Affiliations Management')
    expect(screen.getByText('Export Excel').closest('button')).toBeTruthy()
  })

  it('sorts and pages on the server', async () => {
    api.on(LIST, [200, { message: 'ok', data: rows, total_records: 40 }])
    renderApp(LIST_PATH, mainAdmin)
    await screen.findByText('Clean Water')
    fireEvent.click(columnTitle('Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'name', order: 'asc', page: 1 }))
    fireEvent.click(columnTitle('Created At'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'createdAt', order: 'asc' }))
    fireEvent.click(columnTitle('Created At'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'createdAt', order: 'desc' }))
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({ page: 3, limit: 10, search: '', column: 'createdAt', order: 'desc' }),
    )
  })

  it('asks for the page, search and sort its URL names, and writes a page change there', async () => {
    api.on(LIST, [200, { message: 'ok', data: rows, total_records: 40 }])
    const { router } = renderApp(`${LIST_PATH}?q=water&page=2&size=20&sort=name&order=asc`, mainAdmin)
    await screen.findByText('Clean Water')
    expect(listBodies()).toEqual([{ page: 2, limit: 20, search: 'water', column: 'name', order: 'asc' }])
    expect((screen.getByPlaceholderText('Search by Cause Name') as HTMLInputElement).value).toBe('water')
    fireEvent.click(screen.getByTitle('1'))
    await waitFor(() => expect(router.state.location.search).toBe('?q=water&size=20&sort=name&order=asc'))
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({ page: 1, limit: 20, search: 'water', column: 'name', order: 'asc' }),
    )
  })

  it('searches after the debounce', async () => {
    renderApp(LIST_PATH, mainAdmin)
    await screen.findByText('Clean Water')
    await searchesOnce('Search by Cause Name', 'water', listBodies)
  })

  it('deactivates after the exact confirmation and reloads', async () => {
    api.on('PATCH /admin/cause/activeStatus/k1', [200, { message: 'Cause deactivated successfully' }])
    renderApp(LIST_PATH, mainAdmin)
    await confirmsStatus({
      api,
      row: 'Clean Water',
      title: 'Are you sure Inactive this status ?',
      call: 'PATCH /admin/cause/activeStatus/k1',
      isActive: false,
      message: 'Cause deactivated successfully',
      listBodies,
    })
  })

  it('activates an inactive cause after the exact confirmation', async () => {
    api.on('PATCH /admin/cause/activeStatus/k2', [200, { message: 'Cause activated successfully' }])
    renderApp(LIST_PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Literacy' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/cause/activeStatus/k2')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/cause/activeStatus/k2')[0].body).toEqual({ isActive: true })
    expect(await screen.findByText('Cause activated successfully')).toBeTruthy()
  })

  it('No closes the status confirmation without a call', async () => {
    renderApp(LIST_PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Literacy' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  it('deletes after confirmation with POST { id }', async () => {
    api.on('POST /admin/cause/delete', [200, { message: 'Cause deleted successfully' }])
    renderApp(LIST_PATH, mainAdmin)
    await userEvent.click(await screen.findByLabelText('Delete Literacy'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('POST /admin/cause/delete')).toHaveLength(1))
    expect(api.callsTo('POST /admin/cause/delete')[0].body).toEqual({ id: 'k2' })
    expect(await screen.findByText('Cause deleted successfully')).toBeTruthy()
  })

  it('exports the rows of the current search and sort as causes.xlsx', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])
    api.on('POST /admin/cause/causeList-excel', [200, xlsx])
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:causes'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const saved: Array<{ download: string; href: string }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href })
    })
    renderApp(LIST_PATH, mainAdmin)
    await screen.findByText('Clean Water')
    fireEvent.click(columnTitle('Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'name', order: 'asc' }))
    await userEvent.type(screen.getByPlaceholderText('Search by Cause Name'), 'water')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: 'water' }), { timeout: 3000 })
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(api.callsTo('POST /admin/cause/causeList-excel')[0].body).toEqual({
      search: 'water',
      column: 'name',
      order: 'asc',
    })
    expect(saved[0].download).toBe('causes.xlsx')
    expect(created).toHaveLength(1)
    expect(created[0].size).toBe(xlsx.length)
  })

  it('shows the server message when the export fails', async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({ message: 'Export is not possible now', code: 'UNAVAILABLE' }),
    )
    api.on('POST /admin/cause/causeList-excel', [503, body.buffer])
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp(LIST_PATH, mainAdmin)
    await screen.findByText('Clean Water')
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }))
    expect(await screen.findByText('Export is not possible now')).toBeTruthy()
    expect(click).not.toHaveBeenCalled()
  })

  it('the edit link and the Add New Cause button lead to the forms', async () => {
    const { router } = renderApp(LIST_PATH, mainAdmin)
    expect((await screen.findByLabelText('Edit Clean Water')).getAttribute('href')).toBe('/cause/cause_edit/k1')
    await userEvent.click(screen.getByRole('button', { name: /Add New Cause/ }))
    await waitFor(() => expect(path(router)).toBe('/cause/cause_add'))
  })
})

describe('Causes rights', () => {
  it('a sub-admin with only status sees the switch but no Add, Edit or Delete', async () => {
    renderApp(LIST_PATH, subAdmin({ '/master/cause_management': ['status'] }))
    expect(await screen.findByText('Clean Water')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Clean Water' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add New Cause/ })).toBeNull()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(screen.queryByText('Action', { selector: 'th' })).toBeNull()
  })

  it('a sub-admin with only edit sees the edit link, no switch, no delete, no Add', async () => {
    renderApp(LIST_PATH, subAdmin({ '/master/cause_management': ['edit'] }))
    expect(await screen.findByLabelText('Edit Clean Water')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(screen.queryByRole('button', { name: /Add New Cause/ })).toBeNull()
    expect(screen.queryByText('Status', { selector: 'th' })).toBeNull()
  })

  it('the add form needs the add right and the edit form the edit right', async () => {
    const statusOnly = subAdmin({ '/master/cause_management': ['status'] })
    let view = renderApp('/cause/cause_add', statusOnly)
    await waitFor(() => expect(path(view.router)).toBe(LIST_PATH))
    view.unmount()
    view = renderApp('/cause/cause_edit/k1', subAdmin({ '/master/cause_management': ['add'] }))
    await waitFor(() => expect(path(view.router)).toBe(LIST_PATH))
    expect(api.callsTo('GET /admin/cause/get/k1')).toHaveLength(0)
  })
})

describe('Cause form', () => {
  it('validates the Name before sending', async () => {
    renderApp('/cause/cause_add', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please enter Name')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Name'), '   ')
    expect(await screen.findByText('Please enter valid Name')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please enter valid Name')).toBeTruthy()
    expect(api.callsTo('POST /admin/cause/create')).toHaveLength(0)
  })

  it('limits Name to 100 and Description to 500 characters', async () => {
    renderApp('/cause/cause_add', mainAdmin)
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    const description = screen.getByLabelText('Description') as HTMLTextAreaElement
    expect(name.maxLength).toBe(100)
    expect(description.maxLength).toBe(500)
  })

  it("refuses a longer Name or Description pasted in with the catalogue's messages, and sends nothing", async () => {
    renderApp('/cause/cause_add', mainAdmin)
    const name = await screen.findByLabelText('Name')
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'd'.repeat(501) } })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Name must be at most 100 characters')).toBeTruthy()
    expect(await screen.findByText('Description must be at most 500 characters')).toBeTruthy()
    expect(api.callsTo('POST /admin/cause/create')).toHaveLength(0)
  })

  it('creates a cause, shows the message and goes back to the list', async () => {
    api.on('POST /admin/cause/create', [200, { message: 'Cause created successfully', data: { _id: 'k3' } }])
    const { router } = renderApp('/cause/cause_add', mainAdmin)
    await waitFor(() => expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Add Cause'))
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(crumbs.textContent).toContain('Master Management')
    expect(within(crumbs).getByRole('link', { name: 'Causes/Affiliations Management' })).toBeTruthy()
    await userEvent.type(await screen.findByLabelText('Name'), ' Food Banks ')
    await userEvent.type(screen.getByLabelText('Description'), 'Meals for families')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('POST /admin/cause/create')).toHaveLength(1))
    expect(api.callsTo('POST /admin/cause/create')[0].body).toEqual({
      name: 'Food Banks',
      description: 'Meals for families',
    })
    await waitFor(() => expect(path(router)).toBe(LIST_PATH))
    expect(await screen.findByText('Cause created successfully')).toBeTruthy()
  })

  it('stays on the form with the server message when the name is taken', async () => {
    api.on('POST /admin/cause/create', [409, { message: 'Cause already exists', code: 'CONFLICT' }])
    const { router } = renderApp('/cause/cause_add', mainAdmin)
    await userEvent.type(await screen.findByLabelText('Name'), 'Clean Water')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Cause already exists')).toBeTruthy()
    expect(path(router)).toBe('/cause/cause_add')
  })

  it('edits a loaded cause with PATCH { name, description }', async () => {
    api
      .on('GET /admin/cause/get/k1', [200, { message: 'ok', data: rows[0] }])
      .on('PATCH /admin/cause/update/k1', [200, { message: 'Cause updated successfully' }])
    const { router } = renderApp('/cause/cause_edit/k1', mainAdmin)
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Clean Water'))
    const description = screen.getByLabelText('Description') as HTMLTextAreaElement
    expect(description.value).toBe('Wells and filters')
    await userEvent.clear(description)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/cause/update/k1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/cause/update/k1')[0].body).toEqual({ name: 'Clean Water', description: '' })
    await waitFor(() => expect(path(router)).toBe(LIST_PATH))
    expect(await screen.findByText('Cause updated successfully')).toBeTruthy()
  })

  it('shows the load failure with a way back', async () => {
    api.on('GET /admin/cause/get/zz', [404, { message: 'Cause not found', code: 'NOT_FOUND' }])
    renderApp('/cause/cause_edit/zz', mainAdmin)
    expect((await screen.findAllByText('Cause not found')).length).toBeGreaterThan(0)
    expect(await screen.findByRole('button', { name: 'Back to Causes/Affiliations Management' })).toBeTruthy()
  })

  it('Cancel goes back to the list without a call', async () => {
    const { router } = renderApp('/cause/cause_add', mainAdmin)
    await userEvent.type(await screen.findByLabelText('Name'), 'Draft')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(path(router)).toBe(LIST_PATH))
    expect(api.callsTo('POST /admin/cause/create')).toHaveLength(0)
  })
})
