import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../testing/render-app'
import { mockApi, type MockApi } from '../../../testing/mock-api'
import { mainAdmin } from '../../../testing/users'
import { useSession } from '../../../lib/session'

let api: MockApi

beforeEach(() => {
  api = mockApi()
})

afterEach(() => api.restore())

async function password() {
  await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.org')
  await userEvent.type(screen.getByLabelText('Password'), 'secret123')
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('two-factor sign-in', () => {
  it('asks for the code after the password, then signs in', async () => {
    api.on('POST /admin-login/login', [
      200,
      { message: 'Enter the code from your authenticator app', data: { twoFactor: 'code', challengeToken: 'ch-1' } },
    ])
    api.on('POST /admin-login/twoFactor', [200, { message: 'Login Successfully', data: mainAdmin }])
    const { router } = renderApp('/signin')
    await password()
    const field = await screen.findByLabelText('Verification code')
    expect(useSession.getState().user).toBeNull()
    await userEvent.type(field, '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.callsTo('POST /admin-login/twoFactor')[0].body).toEqual({ challengeToken: 'ch-1', code: '123456' })
    expect(useSession.getState().user?.authToken).toBe(mainAdmin.authToken)
  })

  it('shows the server message for a wrong code and offers a recovery code', async () => {
    api.on('POST /admin-login/login', [
      200,
      { message: 'Enter the code from your authenticator app', data: { twoFactor: 'code', challengeToken: 'ch-1' } },
    ])
    api.on('POST /admin-login/twoFactor', [400, { message: 'Invalid verification code', code: 'VALIDATION_ERROR' }])
    renderApp('/signin')
    await password()
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid verification code')).toBeTruthy()
    expect(useSession.getState().user).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }))
    await userEvent.type(await screen.findByLabelText('Recovery code'), 'abcde-12345')
    await userEvent.click(await screen.findByRole('button', { name: /Verify/ }))
    await waitFor(() => expect(api.callsTo('POST /admin-login/twoFactor')).toHaveLength(2))
    expect(api.callsTo('POST /admin-login/twoFactor')[1].body).toEqual({
      challengeToken: 'ch-1',
      recoveryCode: 'abcde-12345',
    })
  })

  it('walks through the required set-up: the mailed code, QR code, code, recovery codes shown once', async () => {
    api.on('POST /admin-login/login', [
      200,
      {
        message: 'Two-factor sign-in is required. Enter the code we sent to your email to set it up.',
        data: { twoFactor: 'enrol', challengeToken: 'ch-2' },
      },
    ])
    api.on('POST /admin-login/twoFactor/enrol', [
      200,
      {
        message: 'Scan',
        data: { secret: 'ABCDEF', otpauthUri: 'otpauth://totp/Giving%20Console:a@b.c?secret=ABCDEF' },
      },
    ])
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-xxxxx`)
    api.on('POST /admin-login/twoFactor/confirm', [
      200,
      { message: 'On', data: { ...mainAdmin, recoveryCodes: codes } },
    ])
    const { router } = renderApp('/signin')
    await password()
    // The mailbox first: nothing of the set-up is shown before the mailed code.
    const emailCode = await screen.findByLabelText('Email code')
    expect(screen.queryByTestId('two-factor-secret')).toBeNull()
    await userEvent.type(emailCode, '1234 5678')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter the 8-digit code from your email')).toBeTruthy()
    expect(api.callsTo('POST /admin-login/twoFactor/enrol')).toHaveLength(0)
    await userEvent.clear(emailCode)
    await userEvent.type(emailCode, '12345678')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByTestId('two-factor-secret')).toBeTruthy()
    expect(api.callsTo('POST /admin-login/twoFactor/enrol')[0].body).toEqual({
      challengeToken: 'ch-2',
      emailCode: '12345678',
    })
    expect(screen.getByText('ABCDEF')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Verification code'), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    const shown = await screen.findByTestId('recovery-codes')
    expect(shown.textContent).toContain('code9-xxxxx')
    expect(useSession.getState().user).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.callsTo('POST /admin-login/twoFactor/confirm')[0].body).toEqual({
      challengeToken: 'ch-2',
      code: '654321',
    })
    expect(api.callsTo('POST /admin-login/twoFactor/enrol')).toHaveLength(1)
  })

  it('shows a wrong or missing mailed code under its field and stays on the step', async () => {
    api.on('POST /admin-login/login', [
      200,
      { message: 'Enter the code we sent', data: { twoFactor: 'enrol', challengeToken: 'ch-3' } },
    ])
    api.on('POST /admin-login/twoFactor/enrol', [
      400,
      {
        message: 'Invalid email code',
        code: 'VALIDATION',
        errors: [{ field: 'emailCode', message: 'Invalid email code' }],
      },
    ])
    renderApp('/signin')
    await password()
    await screen.findByLabelText('Email code')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Email code is required')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Email code'), '00000000')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(screen.getAllByText('Invalid email code').length).toBeGreaterThan(0))
    expect(api.callsTo('POST /admin-login/twoFactor/enrol')[0].body).toEqual({
      challengeToken: 'ch-3',
      emailCode: '00000000',
    })
    expect(screen.getByLabelText('Email code')).toBeTruthy()
    expect(screen.queryByTestId('two-factor-secret')).toBeNull()
    expect(useSession.getState().user).toBeNull()
  })
})
