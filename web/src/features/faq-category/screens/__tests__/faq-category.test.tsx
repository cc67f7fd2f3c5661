import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/faq-category/list'
const CREATE = 'POST /admin/faq-category/create'
const at = new Date(2026, 2, 5, 15, 7).getTime()
const rows = [
  { _id: 'f1', name: 'Donations', description: 'FAQ category', order: 0, faqCount: 3, createdAt: at },
  { _id: 'f2', name: 'Accounts', description: 'FAQ category', order: 1, faqCount: 0, createdAt: at },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: rows, total_records: 2 }])
})

afterEach(() => api.restore())

const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
async function dialogTitled(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title' })
  return titles.at(-1)!.closest('[role="dialog"]') as HTMLElement
}
const addButton = () =>
  screen.getByText('Add Category', { selector: 'button span' }).closest('button') as HTMLButtonElement

describe('FAQ Category Management', () => {
  it('lists categories in their order with how many FAQs they hold', async () => {
    renderApp('/category', mainAdmin)
    expect(await screen.findByText('Donations')).toBeTruthy()
    expect(screen.getByText('3')).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'order', order: 'asc' })
    expect(labelled('button', 'Edit Donations')).toBeTruthy()
    expect(labelled('button', 'Delete Donations')).toBeTruthy()
  })

  it("refuses an empty and a whitespace name in the dialog ('Please enter Name', 'Please enter valid Name') and sends nothing", async () => {
    renderApp('/category', mainAdmin)
    await screen.findByText('Donations')
    await userEvent.click(addButton())
    const dialog = await dialogTitled('Add Category')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Please enter Name')).toBeTruthy()
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Please enter valid Name')).toBeTruthy()
    expect(api.callsTo(CREATE)).toHaveLength(0)
    // Cancel closes the dialog.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('creates a category with the trimmed name and the fixed placeholder description', async () => {
    api.on(CREATE, [200, { message: 'FAQ category created successfully', data: rows[0] }])
    renderApp('/category', mainAdmin)
    await screen.findByText('Donations')
    await userEvent.click(addButton())
    const dialog = await dialogTitled('Add Category')
    await userEvent.type(within(dialog).getByLabelText('Name'), '  Giving  ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
    expect(api.callsTo(CREATE)[0].body).toEqual({ name: 'Giving', description: 'FAQ category' })
    expect(await screen.findByText('FAQ category created successfully')).toBeTruthy()
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1))
  })

  it('renames a category with its name only', async () => {
    api.on('PATCH /admin/faq-category/update/f2', [
      200,
      { message: 'FAQ category updated successfully', data: rows[1] },
    ])
    renderApp('/category', mainAdmin)
    await screen.findByText('Accounts')
    await userEvent.click(labelled('button', 'Edit Accounts')!)
    const dialog = await dialogTitled('Edit Category')
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Accounts'))
    await userEvent.clear(name)
    await userEvent.type(name, 'My account')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/faq-category/update/f2')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/faq-category/update/f2')[0].body).toEqual({ name: 'My account' })
  })

  it('shows the server’s refusal to delete a category that still holds FAQs', async () => {
    api.on('DELETE /admin/faq-category/delete/f1', [
      409,
      { message: 'This category still has FAQs. Delete or move them first.', errors: [] },
    ])
    renderApp('/category', mainAdmin)
    await screen.findByText('Donations')
    await userEvent.click(labelled('button', 'Delete Donations')!)
    const dialog = await dialogTitled('Are you sure you want to Delete ?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('This category still has FAQs. Delete or move them first.')).toBeTruthy()
  })

  it('shows a sub-admin only what it was granted', async () => {
    renderApp('/category', subAdmin({ '/category': ['edit'] }))
    await screen.findByText('Donations')
    expect(screen.queryByText('Add Category')).toBeNull()
    expect(labelled('button', 'Edit Donations')).toBeTruthy()
    expect(labelled('button', 'Delete Donations')).toBeNull()
  })
})
