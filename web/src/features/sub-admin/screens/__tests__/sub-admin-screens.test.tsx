import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { confirmsStatus, searchesOnce } from '../../../../testing/list-steps'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const created = new Date(2024, 0, 15, 9, 30).getTime()
const rows = [
  { _id: 'a1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org', isActive: true, createdAt: created },
  { _id: 'b2', firstName: 'Bob', lastName: 'Ray', email: 'bob@example.org', isActive: false, createdAt: created },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on('POST /admin/sub-admin/subAdminList', [200, { message: 'ok', data: rows, total_records: 2 }])
})

afterEach(() => api.restore())

const listBodies = () => api.callsTo('POST /admin/sub-admin/subAdminList').map((c) => c.body)

describe('Sub Admin list', () => {
  it('lists sub-admins with formatted dates and the default query', async () => {
    renderApp('/sub_admin', mainAdmin)
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
    expect(screen.getByText('bob@example.org')).toBeTruthy()
    expect(screen.getAllByText(formatDate(created))).toHaveLength(2)
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    expect(screen.getByRole('button', { name: /Add Sub Admin/ })).toBeTruthy()
  })

  it('sorts on the server by the column key', async () => {
    renderApp('/sub_admin', mainAdmin)
    await screen.findByText('Ann Lee')
    fireEvent.click(screen.getByText('Email', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'email', order: 'asc', page: 1 }))
    fireEvent.click(screen.getByText('Email', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'email', order: 'desc' }))
    fireEvent.click(screen.getByText('Name', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'firstName', order: 'asc' }))
  })

  it('searches after the debounce', async () => {
    renderApp('/sub_admin', mainAdmin)
    await screen.findByText('Ann Lee')
    await searchesOnce('Search by Name or Email', 'ann', listBodies)
  })

  it('toggles the status after confirmation and reloads', async () => {
    api.on('PATCH /admin/sub-admin/subAdminStatus/a1', [200, { message: 'Status updated' }])
    renderApp('/sub_admin', mainAdmin)
    await confirmsStatus({
      api,
      row: 'Ann Lee',
      title: 'Are you sure Inactive this status ?',
      call: 'PATCH /admin/sub-admin/subAdminStatus/a1',
      isActive: false,
      message: 'Status updated',
      listBodies,
    })
  })

  it('asks to activate an inactive one, and No changes nothing', async () => {
    renderApp('/sub_admin', mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Bob Ray' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  it('deletes after confirmation', async () => {
    api.on('DELETE /admin/sub-admin/delete/b2', [200, { message: 'Sub admin deleted' }])
    renderApp('/sub_admin', mainAdmin)
    await userEvent.click(await screen.findByLabelText('Delete Bob Ray'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('DELETE /admin/sub-admin/delete/b2')).toHaveLength(1))
    expect(await screen.findByText('Sub admin deleted')).toBeTruthy()
  })

  it('shows only the controls the sub-admin holds', async () => {
    renderApp('/sub_admin', subAdmin({ '/sub_admin': ['view'] }))
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Edit Ann Lee' })).toBeNull()
    expect(screen.getByRole('link', { name: 'View Ann Lee' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add Sub Admin/ })).toBeNull()
    expect(screen.queryByText('Status')).toBeNull()
  })
})

describe('Sub Admin form', () => {
  it('validates every field before sending', async () => {
    renderApp('/sub_admin/sub_admin_add', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('First Name is required')).toBeTruthy()
    expect(screen.getByText('Last Name is required')).toBeTruthy()
    expect(screen.getByText('Email is required')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(screen.getByText('Please select at least one permission')).toBeTruthy()
    expect(api.callsTo('POST /admin/sub-admin/create')).toHaveLength(0)
  })

  it('creates a sub-admin with the chosen permissions', async () => {
    api.on('POST /admin/sub-admin/create', [200, { message: 'Sub admin created', data: { _id: 'n1' } }])
    const { router } = renderApp('/sub_admin/sub_admin_add', mainAdmin)
    await userEvent.type(await screen.findByLabelText('First Name'), 'Cara')
    await userEvent.type(screen.getByLabelText('Last Name'), 'Diaz')
    await userEvent.type(screen.getByLabelText('Email'), 'cara@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret12')
    await userEvent.click(screen.getByLabelText('Donor Management: view'))
    await userEvent.click(screen.getByLabelText('Donor Management: status'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.callsTo('POST /admin/sub-admin/create')).toHaveLength(1))
    expect(api.callsTo('POST /admin/sub-admin/create')[0].body).toEqual({
      firstName: 'Cara',
      lastName: 'Diaz',
      email: 'cara@example.org',
      password: 'secret12',
      permissions: [{ slug: '/donor', actions: ['view', 'status'] }],
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/sub_admin'))
    expect(await screen.findByText('Sub admin created')).toBeTruthy()
  })

  it('edits without a password unless one is typed', async () => {
    api
      .on('GET /admin/sub-admin/get/a1', [
        200,
        {
          message: 'ok',
          data: { ...rows[0], permissions: [{ slug: '/sub_admin', title: 'Sub Admin', actions: ['view'] }] },
        },
      ])
      .on('PATCH /admin/sub-admin/update/a1', [200, { message: 'Sub admin updated' }])
    renderApp('/sub_admin/sub_admin_edit/a1', mainAdmin)
    const first = (await screen.findByLabelText('First Name')) as HTMLInputElement
    await waitFor(() => expect(first.value).toBe('Ann'))
    expect((screen.getByLabelText('Sub Admin: view') as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByLabelText('Sub Admin: edit'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/sub-admin/update/a1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/sub-admin/update/a1')[0].body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      permissions: [{ slug: '/sub_admin', actions: ['view', 'edit'] }],
    })
  })
})

describe('Sub Admin view', () => {
  it('shows the details and the granted permissions', async () => {
    api.on('GET /admin/sub-admin/get/a1', [
      200,
      {
        message: 'ok',
        data: {
          ...rows[0],
          permissions: [
            { slug: '/sub_admin', title: 'Sub Admin', actions: ['view', 'add'] },
            { slug: '/master', title: 'New Nonprofit', actions: ['view'] },
          ],
        },
      },
    ])
    renderApp('/sub_admin/sub_admin_view/a1', mainAdmin)
    expect(await screen.findByText('ann@example.org')).toBeTruthy()
    expect(screen.getByText('Active')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Granted permissions' })
    expect(within(table).getByText('New Nonprofit')).toBeTruthy()
    expect(within(table).getByText('Master Management')).toBeTruthy()
    expect(within(table).getByText('add')).toBeTruthy()
  })
})
