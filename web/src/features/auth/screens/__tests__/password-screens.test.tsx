import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin } from '../../../../testing/users'
import { useSession } from '../../../../lib/session'

let api: MockApi

beforeEach(() => {
  api = mockApi()
})

afterEach(() => api.restore())

describe('Change Password', () => {
  it('needs a session', async () => {
    const { router } = renderApp('/change_password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })

  it('validates before sending', async () => {
    renderApp('/change_password', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Old Password is Required')).toBeTruthy()
    expect(screen.getByText('New Password is Required')).toBeTruthy()
    expect(screen.getByText('Confirm Password is Required')).toBeTruthy()

    await userEvent.type(screen.getByLabelText('Old Password'), 'same123')
    await userEvent.type(screen.getByLabelText('New Password'), 'same123')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other12')
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Old Password and New Password can not be same')).toBeTruthy()
    expect(await screen.findByText('Confirm Password must match with New Password')).toBeTruthy()
    expect(api.calls.filter((c) => c.url === '/admin/sub-admin/changePassword')).toHaveLength(0)
  })

  it('posts id, current and new password, then ends the session', async () => {
    api.on('POST /admin/sub-admin/changePassword', [200, { message: 'Password changed successfully' }])
    const { router } = renderApp('/change_password', mainAdmin)
    await userEvent.type(await screen.findByLabelText('Old Password'), 'old1234')
    await userEvent.type(screen.getByLabelText('New Password'), 'new1234')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new1234')
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(api.callsTo('POST /admin/sub-admin/changePassword')[0].body).toEqual({
      id: mainAdmin._id,
      currentPassword: 'old1234',
      newPassword: 'new1234',
    })
    expect(useSession.getState().user).toBeNull()
    expect(await screen.findByText('Password changed successfully')).toBeTruthy()
  })
})

describe('Forgot Password', () => {
  it('validates the email', async () => {
    renderApp('/forgot_password')
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Please enter register email id')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Email'), 'x@')
    expect(await screen.findByText('Please enter valid email address.')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it('sends the email, shows the message and goes to /signin', async () => {
    api.on('POST /admin/sub-admin/forgotPassword', [200, { message: 'Reset link sent' }])
    const { router } = renderApp('/forgot_password')
    await userEvent.type(await screen.findByLabelText('Email'), 'me+tag@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(api.callsTo('POST /admin/sub-admin/forgotPassword')[0].body).toEqual({ email: 'me+tag@example.org' })
    expect(await screen.findByText('Reset link sent')).toBeTruthy()
  })

  it('shows a failure as a success-style toast', async () => {
    api.on('POST /admin/sub-admin/forgotPassword', [429, { message: 'Too many attempts', code: 'TOO_MANY_ATTEMPTS' }])
    renderApp('/forgot_password')
    await userEvent.type(await screen.findByLabelText('Email'), 'me@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    const text = await screen.findByText('Too many attempts')
    expect(text.closest('.ant-notification-notice-success')).not.toBeNull()
  })

  it('has a Login link back', async () => {
    const { router } = renderApp('/forgot_password')
    await userEvent.click(await screen.findByText('Login'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})

describe('Reset Password', () => {
  it('validates, then posts the new password with the token of the link', async () => {
    api.on('POST /admin/sub-admin/resetPassword', [200, { message: 'Password reset successfully' }])
    const { router } = renderApp('/reset_password/tok-123')
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('New Password is required')).toBeTruthy()
    expect(screen.getByText('Confirm Password is required')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('New Password'), 'fresh123')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'fresh124')
    expect(await screen.findByText('Confirm Password must match with New password')).toBeTruthy()
    expect(api.calls).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('Confirm Password'))
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'fresh123')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(api.callsTo('POST /admin/sub-admin/resetPassword')[0].body).toEqual({
      newPassword: 'fresh123',
      token: 'tok-123',
    })
  })

  it("checks the server's length and space rules inline and sends nothing", async () => {
    renderApp('/reset_password/tok-123')
    await userEvent.type(await screen.findByLabelText('New Password'), 'abc12')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abc12')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('New Password must be between 6 and 20 characters')).toBeTruthy()
    await userEvent.clear(screen.getByLabelText('New Password'))
    await userEvent.type(screen.getByLabelText('New Password'), 'abc 1234')
    expect(await screen.findByText('New Password must not contain spaces')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it("shows the server's field error under the field", async () => {
    api.on('POST /admin/sub-admin/resetPassword', [
      400,
      {
        message: 'New Password is too common',
        code: 'VALIDATION',
        errors: [{ field: 'newPassword', message: 'New Password is too common' }],
      },
    ])
    const { router } = renderApp('/reset_password/tok-123')
    await userEvent.type(await screen.findByLabelText('New Password'), 'fresh123')
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'fresh123')
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
    const item = screen.getByLabelText('New Password').closest('.ant-form-item') as HTMLElement
    await waitFor(() =>
      expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe('New Password is too common'),
    )
    expect(router.state.location.pathname).toBe('/reset_password/tok-123')
  })

  it("names each password eye 'Show password', then 'Hide password'", async () => {
    renderApp('/reset_password/tok-123')
    const eyes = await screen.findAllByRole('button', { name: 'Show password' })
    expect(eyes).toHaveLength(2)
    const input = screen.getByLabelText('New Password') as HTMLInputElement
    expect(input.type).toBe('password')
    await userEvent.click(eyes[0])
    expect(input.type).toBe('text')
    expect(screen.getAllByRole('button', { name: 'Hide password' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(1)
  })
})
