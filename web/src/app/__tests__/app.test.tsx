/** The console as a person uses it: sign-in, shell, guard, menu, account menu. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../testing/render-app'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../testing/users'
import { clearSession, useSession } from '../../lib/session'
import { MODULES } from '../../lib/modules'
import { NO_ACCESS_MESSAGE } from '../AppShell'

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on('POST /admin/sub-admin/subAdminList', [200, { message: 'ok', data: [], total_records: 0 }])
})

afterEach(() => {
  api.restore()
})

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname

describe('sign in', () => {
  it('validates before sending anything', async () => {
    renderApp('/signin')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Email is required')).toBeTruthy()
    expect(await screen.findByText('Password is required')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Email'), 'nope')
    await userEvent.type(screen.getByLabelText('Password'), 'has space')
    expect(await screen.findByText('Please enter valid email address.')).toBeTruthy()
    expect(await screen.findByText('Password must not contain while spaces')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it('stores the session, shows the message and opens the dashboard', async () => {
    api.on('POST /admin-login/login', [200, { message: 'Login successfully', data: mainAdmin }])
    const { router } = renderApp('/signin')
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))

    await waitFor(() => expect(path(router)).toBe('/dashboard'))
    expect(api.callsTo('POST /admin-login/login')[0].body).toEqual({
      email: 'admin@example.org',
      password: 'secret123',
    })
    expect(useSession.getState().user?.authToken).toBe(mainAdmin.authToken)
    expect(await screen.findByText('Login successfully')).toBeTruthy()
    expect(await screen.findByText('Welcome, Main Admin')).toBeTruthy()
  })

  it('nonprofit-admin mode has its own title and endpoint', async () => {
    api.on('POST /admin-login/charityLogin', [401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' }])
    renderApp('/charity-signin')
    expect(await screen.findByText('Nonprofit Admin Sign In')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Email'), 'np@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Invalid email or password')).toBeTruthy()
    expect(api.callsTo('POST /admin-login/charityLogin')).toHaveLength(1)
    expect(api.callsTo('POST /admin-login/login')).toHaveLength(0)
  })

  it('a right password at the wrong sign-in: the message under the email, with the link to the other sign-in', async () => {
    const wrong = 'This is a nonprofit admin account: please sign in at the nonprofit sign-in'
    api.on('POST /admin-login/login', [
      400,
      { message: wrong, code: 'BAD_REQUEST', errors: [{ field: 'email', message: wrong }] },
    ])
    const { router } = renderApp('/signin')
    await userEvent.type(await screen.findByLabelText('Email'), 'np@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await screen.findByText(wrong)
    // The email field's own message: the input is marked invalid and described by it.
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toContain(wrong)
    // Under the field, not as a toast too.
    expect(screen.getAllByText(wrong)).toHaveLength(1)
    await userEvent.click(screen.getByRole('link', { name: 'Go to the nonprofit sign-in' }))
    await waitFor(() => expect(path(router)).toBe('/charity-signin'))
  })

  it('the nonprofit sign-in links an admin account to the admin sign-in', async () => {
    const wrong = 'This is an admin account: please sign in at the admin sign-in'
    api.on('POST /admin-login/charityLogin', [
      400,
      { message: wrong, code: 'BAD_REQUEST', errors: [{ field: 'email', message: wrong }] },
    ])
    renderApp('/charity-signin')
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText(wrong)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the admin sign-in' }).getAttribute('href')).toBe('/signin')
  })

  it('a deep link survives sign-in: signed out at a page, signed in, on that page', async () => {
    api.on('POST /admin-login/login', [200, { message: 'Login successfully', data: mainAdmin }])
    const { router } = renderApp('/sub_admin?page=2')
    await waitFor(() => expect(path(router)).toBe('/signin'))
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.org')
    await userEvent.type(screen.getByLabelText('Password'), 'secret123')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    expect(router.state.location.search).toBe('?page=2')
  })

  it('a session that ends on a page is no deep link: the next sign-in starts from home', async () => {
    const { router } = renderApp('/sub_admin', mainAdmin)
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    act(() => clearSession())
    await waitFor(() => expect(path(router)).toBe('/signin'))
    expect((router.state.location.state as { from?: string } | null)?.from).toBeUndefined()
  })

  it('links to Forgot Password', async () => {
    const { router } = renderApp('/signin')
    await userEvent.click(await screen.findByText('Forgot Password?'))
    await waitFor(() => expect(path(router)).toBe('/forgot_password'))
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeTruthy()
  })
})

describe('redirects', () => {
  it('the shell needs a session', async () => {
    const { router } = renderApp('/dashboard')
    await waitFor(() => expect(path(router)).toBe('/signin'))
  })

  it('unknown paths go to /signin when signed out', async () => {
    const { router } = renderApp('/no/such/page')
    await waitFor(() => expect(path(router)).toBe('/signin'))
  })

  it('unknown paths and / go to /dashboard when signed in', async () => {
    const { router } = renderApp('/no/such/page', mainAdmin)
    await waitFor(() => expect(path(router)).toBe('/dashboard'))
    await router.navigate('/')
    await waitFor(() => expect(path(router)).toBe('/dashboard'))
  })

  it('a signed-in user opening /signin goes to the dashboard', async () => {
    const { router } = renderApp('/signin', mainAdmin)
    await waitFor(() => expect(path(router)).toBe('/dashboard'))
  })
})

describe('shell', () => {
  it('shows the menu, title, breadcrumbs and account name', async () => {
    renderApp('/sub_admin/sub_admin_add', mainAdmin)
    const menu = await screen.findByRole('menu', { name: 'Main menu' })
    expect(within(menu).getByText('Dashboard')).toBeTruthy()
    expect(within(menu).getByText('Sub Admin')).toBeTruthy()
    expect(screen.getAllByText('Giving Console').length).toBeGreaterThan(0)
    expect(screen.getByTestId('account-menu').textContent).toContain('Main Admin')
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    await waitFor(() => expect(crumbs.textContent).toContain('Add Sub Admin'))
    expect(within(crumbs).getByRole('link', { name: 'Sub Admin' })).toBeTruthy()
  })

  it('the Message entry shows how many conversations are unread, in its name too', async () => {
    api.on('GET /admin/chat/unread', [200, { message: 'Unread messages', data: { rooms: 3, messages: 7 } }])
    renderApp('/dashboard', mainAdmin)
    const entry = await screen.findByRole('link', { name: 'Message, 3 unread conversations' })
    expect(entry.textContent).toContain('3')
    expect(api.callsTo('GET /admin/chat/unread').length).toBeGreaterThan(0)
  })

  it('the Message entry has no count when nothing is unread', async () => {
    api.on('GET /admin/chat/unread', [200, { message: 'Unread messages', data: { rooms: 0, messages: 0 } }])
    renderApp('/dashboard', mainAdmin)
    expect(await screen.findByRole('link', { name: 'Message' })).toBeTruthy()
    await waitFor(() => expect(api.callsTo('GET /admin/chat/unread').length).toBeGreaterThan(0))
  })

  it('each menu title carries its full text as a tooltip', async () => {
    api.on('POST /admin/cause/causeList', [200, { message: 'ok', data: [], total_records: 0 }])
    renderApp('/master/cause_management', mainAdmin)
    const menu = await screen.findByRole('menu', { name: 'Main menu' })
    const causes = await within(menu).findByRole('link', { name: 'Causes/Affiliations Management' })
    expect(causes.getAttribute('title')).toBe('Causes/Affiliations Management')
    expect(within(menu).getByRole('link', { name: 'Sub Admin' }).getAttribute('title')).toBe('Sub Admin')
    expect(within(menu).getByText('Master Management').getAttribute('title')).toBe('Master Management')
  })

  it("closing the menu and opening it again (the phone's drawer) shows the current page's group open", async () => {
    api.on('POST /admin/cause/causeList', [200, { message: 'ok', data: [], total_records: 0 }])
    renderApp('/master/cause_management', mainAdmin)
    const menu = await screen.findByRole('menu', { name: 'Main menu' })
    const group = () => within(menu).getByRole('menuitem', { name: 'Master Management' })
    await waitFor(() => expect(group().getAttribute('aria-expanded')).toBe('true'))
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }))
    await screen.findByRole('button', { name: 'Close menu' })
    await waitFor(() => expect(group().getAttribute('aria-expanded')).toBe('true'))
    expect(within(menu).getByRole('link', { name: 'Causes/Affiliations Management' })).toBeTruthy()
  })

  it('a sub-admin sees only the granted entries', async () => {
    renderApp('/sub_admin', subAdmin({ '/sub_admin': ['view'] }))
    const menu = await screen.findByRole('menu', { name: 'Main menu' })
    expect(within(menu).getByText('Sub Admin')).toBeTruthy()
    expect(within(menu).queryByText('Dashboard')).toBeNull()
  })

  it('sends a sub-admin without the permission away (home when there is no history), saying why', async () => {
    const { router } = renderApp('/sub_admin/sub_admin_add', subAdmin({ '/sub_admin': ['view'] }))
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeTruthy()
  })

  it('sends a sub-admin back one page when there is history, saying why', async () => {
    const { router } = renderApp('/sub_admin', subAdmin({ '/sub_admin': ['view'], '/dashboard': ['view'] }))
    await screen.findByPlaceholderText('Search by Name or Email')
    expect(screen.queryByText(NO_ACCESS_MESSAGE)).toBeNull()
    await router.navigate('/sub_admin/sub_admin_edit/42')
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeTruthy()
  })

  it("/test, which has no module, is the main admin's only: a sub-admin holding everything is sent back", async () => {
    const everything = subAdmin(Object.fromEntries(MODULES.map((m) => [m.slug, m.actions])))
    const { router } = renderApp('/sub_admin', everything)
    await screen.findByPlaceholderText('Search by Name or Email')
    await router.navigate('/test')
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeTruthy()
  })

  it('the main admin opens /test without a notice', async () => {
    api.on('POST /admin/common/list', [200, { message: 'ok', data: { list: [] }, total_records: 0 }])
    const { router } = renderApp('/test', mainAdmin)
    await waitFor(() => expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Test'))
    expect(path(router)).toBe('/test')
    expect(screen.queryByText(NO_ACCESS_MESSAGE)).toBeNull()
  })

  it('a signed-in user opening an unknown path lands home, not on a page it may not open', async () => {
    const { router } = renderApp('/no/such/page', subAdmin({ '/sub_admin': ['view'] }))
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
    await screen.findByPlaceholderText('Search by Name or Email')
    expect(screen.queryByText(NO_ACCESS_MESSAGE)).toBeNull()
  })

  it('a sub-admin without the dashboard permission lands on the first screen they may open', async () => {
    const { router } = renderApp('/dashboard', subAdmin({ '/sub_admin': ['view'] }))
    await waitFor(() => expect(path(router)).toBe('/sub_admin'))
  })

  it('logout revokes the refresh token and ends the session', async () => {
    api.on('POST /admin-login/logout', [200, { message: 'Logged out' }])
    const { router } = renderApp('/dashboard', mainAdmin)
    await userEvent.click(await screen.findByTestId('account-menu'))
    await userEvent.click(await screen.findByText('Logout'))
    await waitFor(() => expect(path(router)).toBe('/signin'))
    expect(api.callsTo('POST /admin-login/logout')[0].body).toEqual({ refreshToken: mainAdmin.refreshToken })
    expect(useSession.getState().user).toBeNull()
  })

  it('logout ends the session even when the server fails', async () => {
    api.on('POST /admin-login/logout', 'network-error')
    const { router } = renderApp('/dashboard', mainAdmin)
    await userEvent.click(await screen.findByTestId('account-menu'))
    await userEvent.click(await screen.findByText('Logout'))
    await waitFor(() => expect(path(router)).toBe('/signin'))
    expect(useSession.getState().user).toBeNull()
  })
})

describe('dashboard', () => {
  it('shows the user and the sub-admin counts from the list endpoint', async () => {
    api.on('POST /admin/sub-admin/subAdminList', (call) => {
      const body = call.body as { limit: number }
      const rows = [
        { _id: '1', isActive: true },
        { _id: '2', isActive: false },
        { _id: '3', isActive: true },
      ]
      return [200, { message: 'ok', data: rows.slice(0, body.limit), total_records: 3 }]
    })
    renderApp('/dashboard', mainAdmin)
    expect(await screen.findByText('Welcome, Main Admin')).toBeTruthy()
    expect(screen.getByText('Main Admin', { selector: '.ant-tag' })).toBeTruthy()
    const total = await screen.findByText('Total Sub Admins')
    const card = total.closest('.gc-card') as HTMLElement
    await waitFor(() => expect(card.textContent).toContain('Active Sub Admins2'))
    expect(card.textContent).toContain('Total Sub Admins3')
    expect((api.callsTo('POST /admin/sub-admin/subAdminList')[0].body as { limit: number }).limit).toBe(1)
  })

  it('has no sub-admin card without the sub-admin view right', async () => {
    renderApp('/dashboard', subAdmin({ '/dashboard': ['view'] }))
    expect(await screen.findByText('Welcome, Sam Helper')).toBeTruthy()
    expect(screen.queryByText('Total Sub Admins')).toBeNull()
    expect(api.callsTo('POST /admin/sub-admin/subAdminList')).toHaveLength(0)
  })
})
