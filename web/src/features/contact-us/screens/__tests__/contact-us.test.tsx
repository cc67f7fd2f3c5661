import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const LIST = 'POST /admin/ContactUs'
const at = new Date(2026, 9, 1, 14, 5).getTime()
const unread = {
  _id: 'm1',
  name: 'Rosa Diaz',
  email: 'rosa@example.org',
  phoneNumber: '5551234567',
  subject: 'Receipt missing',
  message: 'I gave twice.\nNo receipt came.',
  createdAt: at,
  isRead: false,
  readBy: null,
  readAt: null,
}
const read = {
  ...unread,
  _id: 'm2',
  name: 'Tom Lee',
  subject: 'Thanks',
  isRead: true,
  readBy: 'Main Admin',
  readAt: at,
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, [200, { message: 'ok', data: [unread, read], total_records: 2 }])
    .on('GET /admin/ContactUs/getContactUs/m1', [
      200,
      { message: 'ok', data: { ...unread, isRead: true, readBy: 'Main Admin', readAt: at + 1000 } },
    ])
})

afterEach(() => api.restore())

describe('Contact Us Form', () => {
  it('lists messages newest first and marks the unread ones', async () => {
    renderApp('/category/contact_form', subAdmin({ '/category/contact_form': ['view'] }))
    expect(await screen.findByText('Rosa Diaz')).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    const unreadTags = screen.getAllByText('Unread', { selector: '.ant-tag' })
    expect(unreadTags).toHaveLength(1)
    expect(unreadTags[0].closest('tr')?.textContent).toContain('Rosa Diaz')
    expect(screen.getByText('Tom Lee').closest('tr')?.textContent).not.toContain('Unread')
    expect(screen.getByPlaceholderText('Search by Name, Email or Subject')).toBeTruthy()
  })

  it('shows only unread messages when asked', async () => {
    renderApp('/category/contact_form', mainAdmin)
    await screen.findByText('Rosa Diaz')
    fireEvent.mouseDown(screen.getByLabelText('Read'))
    const found = await screen.findAllByText('Unread', { selector: '.ant-select-item-option-content' })
    fireEvent.click(found[found.length - 1])
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ isRead: false, page: 1 }))
  })

  it('opens a message, which marks it read, and shows who read it when', async () => {
    renderApp('/category/contact_form/contact_form_view/m1', mainAdmin)
    expect(await screen.findByText('Receipt missing')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('Read', { selector: '.ant-tag' })).toBeTruthy()
    expect(screen.getByText(`Main Admin, ${formatDate(at + 1000)}`)).toBeTruthy()
    expect(screen.getByText(/No receipt came\./)).toBeTruthy()
    expect(api.callsTo('GET /admin/ContactUs/getContactUs/m1')).toHaveLength(1)
  })

  it('offers Delete only with the delete right', async () => {
    renderApp('/category/contact_form', subAdmin({ '/category/contact_form': ['view'] }))
    await screen.findByText('Rosa Diaz')
    expect(screen.queryByRole('button', { name: 'Delete Rosa Diaz' })).toBeNull()
  })

  it('deletes a message after the confirmation, with Undo in the toast that restores it', async () => {
    api
      .on('DELETE /admin/ContactUs/delete/m2', [200, { message: 'Contact message deleted successfully', data: null }])
      .on('POST /admin/trash/restore', [200, { message: 'Restored successfully', data: { done: [], refused: [] } }])
    renderApp('/category/contact_form', subAdmin({ '/category/contact_form': ['view', 'delete'] }))
    await screen.findByText('Tom Lee')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Tom Lee' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Contact message deleted successfully')).toBeTruthy()
    expect(api.callsTo('DELETE /admin/ContactUs/delete/m2')).toHaveLength(1)
    const listed = api.callsTo(LIST).length
    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of Tom Lee' }))
    await waitFor(() =>
      expect(api.callsTo('POST /admin/trash/restore')[0]?.body).toEqual({
        items: [{ module: '/category/contact_form', _id: 'm2' }],
      }),
    )
    expect(await screen.findByText('Restored successfully')).toBeTruthy()
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(listed))
  })

  it("deletes from the message's view and goes back to the list", async () => {
    api.on('DELETE /admin/ContactUs/delete/m1', [200, { message: 'Contact message deleted successfully', data: null }])
    const { router } = renderApp('/category/contact_form/contact_form_view/m1', mainAdmin)
    await screen.findByText('Receipt missing')
    fireEvent.click(screen.getByRole('button', { name: /Delete$/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/contact_form'))
    expect(await screen.findByRole('button', { name: 'Undo delete of Rosa Diaz' })).toBeTruthy()
  })
})
