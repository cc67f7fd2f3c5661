import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { confirmsStatus } from '../../../../testing/list-steps'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { ann, bob } from './donor-fixture'

const LIST = 'POST /admin/user/userList'
let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: [ann, bob], total_records: 2 }])
})

afterEach(() => api.restore())

const listBodies = () => api.callsTo(LIST).map((c) => c.body)
const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })

describe('Donor list', () => {
  it('shows the columns formatted, newest first', async () => {
    renderApp('/donor', mainAdmin)
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
    expect(screen.getByText('ann@example.org')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('Albany, New York, United States')).toBeTruthy()
    expect(screen.getByText('$1,234.50')).toBeTruthy()
    expect(screen.getByText('$0.05')).toBeTruthy()
    expect(screen.getAllByText('Mar 5 2024,3:07 pm')).toHaveLength(2)
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    for (const title of ['Name', 'Email', 'Phone', 'Location', 'Total Given', 'Joined', 'Status', 'Action']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0)
    }
    expect(screen.getByRole('button', { name: /Add Donor/ })).toBeTruthy()
  })

  it('sorts by name and by total given on the server', async () => {
    renderApp('/donor', mainAdmin)
    await screen.findByText('Ann Lee')
    fireEvent.click(columnTitle('Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'firstName', order: 'asc', page: 1 }))
    fireEvent.click(columnTitle('Total Given'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'totalGivenCents', order: 'asc' }))
  })

  it('searches by name or email', async () => {
    renderApp('/donor', mainAdmin)
    await screen.findByText('Ann Lee')
    await userEvent.type(screen.getByPlaceholderText('Search by Name or Email'), 'ann')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: 'ann', page: 1 }), { timeout: 3000 })
  })

  it('deactivates after the confirmation and reloads', async () => {
    api.on('PATCH /admin/user/userStatus/d1', [
      200,
      { message: 'Donor deactivated successfully', data: { ...ann, isActive: false } },
    ])
    renderApp('/donor', mainAdmin)
    await confirmsStatus({
      api,
      row: 'Ann Lee',
      title: 'Are you sure Inactive this status ?',
      call: 'PATCH /admin/user/userStatus/d1',
      isActive: false,
      message: 'Donor deactivated successfully',
      listBodies,
    })
  })

  it('asks before activating an inactive donor; No sends nothing', async () => {
    renderApp('/donor', mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Bob Ray' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  it('deletes after the confirmation', async () => {
    api.on('DELETE /admin/user/delete/d2', [200, { message: 'Donor deleted successfully', data: null }])
    renderApp('/donor', mainAdmin)
    await userEvent.click(await screen.findByLabelText('Delete Bob Ray'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('DELETE /admin/user/delete/d2')).toHaveLength(1))
    expect(await screen.findByText('Donor deleted successfully')).toBeTruthy()
  })

  it('links view and edit', async () => {
    renderApp('/donor', mainAdmin)
    expect((await screen.findByRole('link', { name: 'View Ann Lee' })).getAttribute('href')).toBe(
      '/donor/donor_view/d1',
    )
    expect(screen.getByRole('link', { name: 'Edit Ann Lee' }).getAttribute('href')).toBe('/donor/donor_edit/d1')
  })

  it('shows a sub-admin only the controls of the actions held', async () => {
    renderApp('/donor', subAdmin({ '/donor': ['view'] }))
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText('Delete Ann Lee')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Edit Ann Lee' })).toBeNull()
    expect(screen.getByRole('link', { name: 'View Ann Lee' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add Donor/ })).toBeNull()
  })

  it('gives a sub-admin with status and delete those controls, without view', async () => {
    renderApp('/donor', subAdmin({ '/donor': ['view', 'status', 'delete'] }))
    expect(await screen.findByRole('switch', { name: 'Status of Ann Lee' })).toBeTruthy()
    expect(screen.getByLabelText('Delete Ann Lee')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Edit Ann Lee' })).toBeNull()
  })
})
