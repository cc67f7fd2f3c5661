/**
 * The console mirrors identity's sub-admin rules (bff/API.md "Sub-admins"): a sub-admin is
 * offered only the actions it holds and no Sub Admin rights, acts only on sub-admins whose
 * rights it all holds, never sets another's password or email, and gets no edit, status or
 * delete control on its own account.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const created = new Date(2024, 0, 15, 9, 30).getTime()
const editor = subAdmin({ '/donor': ['view', 'edit'], '/sub_admin': ['view', 'add', 'edit', 'delete', 'status'] })
const peer = {
  _id: 'p1',
  firstName: 'Pat',
  lastName: 'Peer',
  email: 'pat@example.org',
  isActive: true,
  createdAt: created,
  permissions: [{ slug: '/donor', title: 'Donor Management', actions: ['view'] }],
}
const strong = {
  _id: 's9',
  firstName: 'Rich',
  lastName: 'Strong',
  email: 'rich@example.org',
  isActive: true,
  createdAt: created,
  permissions: [
    { slug: '/donor', title: 'Donor Management', actions: ['view', 'delete'] },
    { slug: '/transaction', title: 'Transaction Management', actions: ['view'] },
  ],
}
const me = {
  _id: editor._id,
  firstName: 'Sam',
  lastName: 'Helper',
  email: 'sam@example.org',
  isActive: true,
  createdAt: created,
  permissions: editor.permissions,
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on('POST /admin/sub-admin/subAdminList', [200, { message: 'ok', data: [peer, strong, me], total_records: 3 }])
})

afterEach(() => api.restore())

const box = (label: string) => screen.queryByLabelText(label) as HTMLInputElement | null

describe('Sub Admin form for a sub-admin', () => {
  it('offers only the actions it holds and no Sub Admin checkboxes', async () => {
    api.on('POST /admin/sub-admin/create', [200, { message: 'Sub admin created', data: { _id: 'n1' } }])
    renderApp('/sub_admin/sub_admin_add', editor)
    await userEvent.type(await screen.findByLabelText('First Name'), 'Cara')
    expect(box('Donor Management: view')?.disabled).toBe(false)
    expect(box('Donor Management: edit')?.disabled).toBe(false)
    for (const action of ['add', 'delete', 'status']) expect(box(`Donor Management: ${action}`)).toBeNull()
    for (const action of ['view', 'add', 'edit', 'delete', 'status']) expect(box(`Sub Admin: ${action}`)).toBeNull()
    expect(box('Event Management: view')).toBeNull()
    expect(box('Dashboard: view')).toBeNull()

    // Select all takes only what it may grant.
    await userEvent.click(screen.getByLabelText('Select all permissions'))
    await userEvent.type(screen.getByLabelText('Last Name'), 'Diaz')
    await userEvent.type(screen.getByLabelText('Email'), 'cara@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret12')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('POST /admin/sub-admin/create')).toHaveLength(1))
    expect(api.callsTo('POST /admin/sub-admin/create')[0].body).toMatchObject({
      permissions: [{ slug: '/donor', actions: ['view', 'edit'] }],
    })
  })

  it('edits a weaker peer without its password or email, and changes only what it holds', async () => {
    api
      .on('GET /admin/sub-admin/get/p1', [
        200,
        {
          message: 'ok',
          data: { ...peer, permissions: [{ slug: '/donor', title: 'Donor Management', actions: ['view'] }] },
        },
      ])
      .on('PATCH /admin/sub-admin/update/p1', [200, { message: 'Sub admin updated' }])
    renderApp('/sub_admin/sub_admin_edit/p1', editor)
    await waitFor(() => expect(box('Donor Management: view')?.checked).toBe(true))
    // Only the main admin sets another account's password or email.
    expect(box('Password')).toBeNull()
    expect(box('Email')?.disabled).toBe(true)
    expect(box('Donor Management: add')).toBeNull()
    expect(box('Sub Admin: view')).toBeNull()
    await userEvent.click(screen.getByLabelText('Donor Management: all'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/sub-admin/update/p1')).toHaveLength(1))
    const body = api.callsTo('PATCH /admin/sub-admin/update/p1')[0].body as Record<string, unknown>
    expect(body).toMatchObject({
      email: 'pat@example.org',
      permissions: [{ slug: '/donor', actions: ['view', 'edit'] }],
    })
    expect(body).not.toHaveProperty('password')
  })

  it('does not offer a stronger peer for editing', async () => {
    api.on('GET /admin/sub-admin/get/s9', [200, { message: 'ok', data: strong }])
    renderApp('/sub_admin/sub_admin_edit/s9', editor)
    expect(await screen.findByText('This sub-admin holds permissions you do not hold: ask the main admin')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('does not offer its own account for editing', async () => {
    api.on(`GET /admin/sub-admin/get/${me._id}`, [
      200,
      { message: 'ok', data: { ...me, permissions: editor.permissions } },
    ])
    renderApp(`/sub_admin/sub_admin_edit/${me._id}`, editor)
    expect(await screen.findByText('You cannot edit your own account: ask the main admin')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByTestId('permission-matrix')).toBeNull()
  })

  it('the main admin still grants anything, Sub Admin rights included', async () => {
    renderApp('/sub_admin/sub_admin_add', mainAdmin)
    await screen.findByLabelText('First Name')
    expect(box('Sub Admin: status')?.disabled).toBe(false)
    expect(box('Event Management: view')?.disabled).toBe(false)
  })
})

describe('Sub Admin list for a sub-admin', () => {
  it('shows no status toggle, edit or delete on its own row or a stronger one', async () => {
    renderApp('/sub_admin', editor)
    expect(await screen.findByText('Pat Peer')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Pat Peer' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit Pat Peer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete Pat Peer' })).toBeTruthy()
    const stronger = screen.getByText('rich@example.org', { selector: 'td' }).closest('tr') as HTMLElement
    expect(within(stronger).queryByRole('switch')).toBeNull()
    expect(within(stronger).queryByRole('link', { name: 'Edit Rich Strong' })).toBeNull()
    expect(within(stronger).queryByRole('button', { name: 'Delete Rich Strong' })).toBeNull()
    expect(within(stronger).getByRole('link', { name: 'View Rich Strong' })).toBeTruthy()
    const own = screen.getByText('sam@example.org', { selector: 'td' }).closest('tr') as HTMLElement
    expect(within(own).queryByRole('switch')).toBeNull()
    expect(within(own).queryByRole('link', { name: 'Edit Sam Helper' })).toBeNull()
    expect(within(own).queryByRole('button', { name: 'Delete Sam Helper' })).toBeNull()
    expect(within(own).getByRole('link', { name: 'View Sam Helper' })).toBeTruthy()
  })

  it('gives the main admin every control on every row', async () => {
    renderApp('/sub_admin', mainAdmin)
    expect(await screen.findByText('Sam Helper')).toBeTruthy()
    expect(screen.getAllByRole('switch')).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'Edit Sam Helper' })).toBeTruthy()
  })
})
