import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'

let api: MockApi

beforeEach(() => {
  api = mockApi()
})

afterEach(() => api.restore())

async function fill(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('New Password'), password)
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm)
  await userEvent.click(screen.getByRole('button', { name: 'Set Password' }))
}

describe('Set Password', () => {
  it('checks like Reset Password, then posts the token of the link and goes to the nonprofit-admin sign-in', async () => {
    api.on('POST /admin-login/setPassword', [200, { message: 'Your password has been set. Please sign in.' }])
    const { router } = renderApp('/set_password/tok-123')
    await userEvent.click(await screen.findByRole('button', { name: 'Set Password' }))
    expect(await screen.findByText('New Password is required')).toBeTruthy()
    await fill('fresh123', 'fresh124')
    expect(await screen.findByText('Confirm Password must match with New password')).toBeTruthy()
    expect(api.calls).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('Confirm Password'))
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'fresh123')
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/charity-signin'))
    expect(api.callsTo('POST /admin-login/setPassword')[0].body).toEqual({ newPassword: 'fresh123', token: 'tok-123' })
    expect(await screen.findByText('Your password has been set. Please sign in.')).toBeTruthy()
  })

  it('shows a used or expired link and stays', async () => {
    api.on('POST /admin-login/setPassword', [
      400,
      { message: 'This invitation link is invalid or has expired.', code: 'VALIDATION', errors: [] },
    ])
    const { router } = renderApp('/set_password/used')
    await fill('fresh123', 'fresh123')
    expect(await screen.findByText('This invitation link is invalid or has expired.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/set_password/used')
  })
})
