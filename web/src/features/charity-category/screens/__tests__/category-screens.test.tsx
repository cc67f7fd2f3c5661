import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { confirmsStatus, searchesOnce } from '../../../../testing/list-steps'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const PATH = '/master/charity_category_management'
const LIST = 'POST /admin/charity-category/categoryList'
const created = new Date(2024, 2, 5, 15, 7).getTime()
const rows = [
  { _id: 'c1', name: 'Health', description: 'Nonprofit category', isActive: true, createdAt: created },
  { _id: 'c2', name: 'Education', description: 'Nonprofit category', isActive: false, createdAt: created },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: rows, total_records: 2 }])
})

afterEach(() => api.restore())

const listBodies = () => api.callsTo(LIST).map((c) => c.body)
const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })
/** The open dialog with this title (antd's test ids make dialog names unreliable). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title' })
  return titles.at(-1)!.closest('[role="dialog"]') as HTMLElement
}

describe('Nonprofit Category list', () => {
  it('lists categories with formatted dates, the default query and the breadcrumbs', async () => {
    renderApp(PATH, mainAdmin)
    expect(await screen.findByText('Health')).toBeTruthy()
    expect(screen.getByText('Education')).toBeTruthy()
    expect(screen.getAllByText(formatDate(created))).toHaveLength(2)
    expect(formatDate(created)).toBe('Mar 5 2024,3:07 pm')
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    expect(screen.getByRole('button', { name: /Add Category/ })).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by Category Name')).toBeTruthy()
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(crumbs.textContent).toContain('Master Management')
    expect(crumbs.textContent).toContain('Nonprofit Category')
  })

  it('sorts on the server by name and createdAt', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    fireEvent.click(columnTitle('Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'name', order: 'asc', page: 1 }))
    fireEvent.click(columnTitle('Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'name', order: 'desc' }))
    fireEvent.click(columnTitle('Created At'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'createdAt', order: 'asc' }))
  })

  it('pages on the server', async () => {
    api.on(LIST, [200, { message: 'ok', data: rows, total_records: 25 }])
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ page: 2, limit: 10 }))
  })

  it('searches after the debounce', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    await searchesOnce('Search by Category Name', 'hea', listBodies)
  })

  it('deactivates after confirmation, shows the message and reloads', async () => {
    api.on('PATCH /admin/charity-category/activeStatus/c1', [200, { message: 'Category deactivated successfully' }])
    renderApp(PATH, mainAdmin)
    await confirmsStatus({
      api,
      row: 'Health',
      title: 'Are you sure Inactive this status ?',
      call: 'PATCH /admin/charity-category/activeStatus/c1',
      isActive: false,
      message: 'Category deactivated successfully',
      listBodies,
    })
  })

  it('activates an inactive one after confirmation; No sends nothing', async () => {
    api.on('PATCH /admin/charity-category/activeStatus/c2', [200, { message: 'Category activated successfully' }])
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Education' }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)

    await userEvent.click(screen.getByRole('switch', { name: 'Status of Education' }))
    dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity-category/activeStatus/c2')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity-category/activeStatus/c2')[0].body).toEqual({ isActive: true })
    expect(await screen.findByText('Category activated successfully')).toBeTruthy()
  })

  it('deletes after confirmation with POST { id }', async () => {
    api.on('POST /admin/charity-category/delete', [200, { message: 'Category deleted successfully' }])
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByLabelText('Delete Education'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('POST /admin/charity-category/delete')).toHaveLength(1))
    expect(api.callsTo('POST /admin/charity-category/delete')[0].body).toEqual({ id: 'c2' })
    expect(await screen.findByText('Category deleted successfully')).toBeTruthy()
  })
})

describe('Nonprofit Category add and edit dialog', () => {
  it('validates the Name and sends nothing while it is empty or blank', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    await userEvent.click(screen.getByRole('button', { name: /Add Category/ }))
    const dialog = await dialogTitled('Add Category')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Please enter Name')).toBeTruthy()
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Please enter valid Name')).toBeTruthy()
    expect(api.callsTo('POST /admin/charity-category/create')).toHaveLength(0)
    expect(
      api.calls.filter((c) => c.url !== '/admin/charity-category/categoryList' && c.url !== '/admin/chat/unread'),
    ).toHaveLength(0)
  })

  it("holds the Name to the catalogue's 100 characters: a longer one pasted in is refused with its message", async () => {
    api.on('POST /admin/charity-category/create', [200, { message: 'Category created successfully' }])
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    await userEvent.click(screen.getByRole('button', { name: /Add Category/ }))
    const dialog = await dialogTitled('Add Category')
    const input = within(dialog).getByLabelText('Name') as HTMLInputElement
    expect(input.maxLength).toBe(100)
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeTruthy()
    expect(api.callsTo('POST /admin/charity-category/create')).toHaveLength(0)
    fireEvent.change(input, { target: { value: 'y'.repeat(100) } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('POST /admin/charity-category/create')).toHaveLength(1))
    expect(api.callsTo('POST /admin/charity-category/create')[0].body).toEqual({
      name: 'y'.repeat(100),
      description: 'Nonprofit category',
    })
  })

  it('creates a category with the fixed description, shows the message and reloads', async () => {
    api.on('POST /admin/charity-category/create', [
      200,
      { message: 'Category created successfully', data: { _id: 'c3', name: 'Arts' } },
    ])
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    await userEvent.click(screen.getByRole('button', { name: /Add Category/ }))
    const dialog = await dialogTitled('Add Category')
    const before = listBodies().length
    await userEvent.type(within(dialog).getByLabelText('Name'), ' Arts ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('POST /admin/charity-category/create')).toHaveLength(1))
    expect(api.callsTo('POST /admin/charity-category/create')[0].body).toEqual({
      name: 'Arts',
      description: 'Nonprofit category',
    })
    expect(await screen.findByText('Category created successfully')).toBeTruthy()
    await waitFor(() => expect(listBodies().length).toBe(before + 1))
  })

  it('keeps the dialog open with the server message when the name is taken', async () => {
    api.on('POST /admin/charity-category/create', [409, { message: 'Category already exists', code: 'CONFLICT' }])
    renderApp(PATH, mainAdmin)
    await screen.findByText('Health')
    await userEvent.click(screen.getByRole('button', { name: /Add Category/ }))
    const dialog = await dialogTitled('Add Category')
    await userEvent.type(within(dialog).getByLabelText('Name'), 'health')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Category already exists')).toBeTruthy()
    expect(await dialogTitled('Add Category')).toBe(dialog)
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('health')
  })

  it('edits the name of the chosen row with PATCH { name }', async () => {
    api.on('PATCH /admin/charity-category/update/c2', [200, { message: 'Category updated successfully' }])
    renderApp(PATH, mainAdmin)
    // Open on one row and cancel: the next row's dialog starts from its own name.
    await userEvent.click(await screen.findByLabelText('Edit Health'))
    let dialog = await dialogTitled('Edit Category')
    await waitFor(() => expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Health'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await userEvent.click(screen.getByLabelText('Edit Education'))
    dialog = await dialogTitled('Edit Category')
    const input = within(dialog).getByLabelText('Name') as HTMLInputElement
    await waitFor(() => expect(input.value).toBe('Education'))
    await userEvent.clear(input)
    await userEvent.type(input, 'Schools')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity-category/update/c2')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity-category/update/c2')[0].body).toEqual({ name: 'Schools' })
    expect(api.callsTo('PATCH /admin/charity-category/update/c1')).toHaveLength(0)
    expect(await screen.findByText('Category updated successfully')).toBeTruthy()
  })
})

describe('Nonprofit Category rights', () => {
  it('a sub-admin with only status sees the switch but no Add, Edit or Delete', async () => {
    renderApp(PATH, subAdmin({ '/master/charity_category_management': ['status'] }))
    expect(await screen.findByText('Health')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Health' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add Category/ })).toBeNull()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(screen.queryByText('Action', { selector: 'th' })).toBeNull()
  })

  it('a sub-admin with only add sees Add Category, no status and no actions', async () => {
    renderApp(PATH, subAdmin({ '/master/charity_category_management': ['add'] }))
    expect(await screen.findByText('Health')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Add Category/ })).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
  })

  it('a sub-admin with edit and delete sees those actions only', async () => {
    renderApp(PATH, subAdmin({ '/master/charity_category_management': ['edit', 'delete'] }))
    expect(await screen.findByLabelText('Edit Health')).toBeTruthy()
    expect(screen.getByLabelText('Delete Health')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByRole('button', { name: /Add Category/ })).toBeNull()
  })

  it('a sub-admin without any category action is sent away', async () => {
    const { router } = renderApp(PATH, subAdmin({ '/master/cause_management': ['status'] }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/cause_management'))
  })
})
