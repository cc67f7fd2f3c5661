/**
 * Forgot / reset password through the mailed link (flow 6) and change password from the
 * account menu (flow 7).
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accountMenu,
  apiCreateSubAdmin,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  fillSignIn,
  mailFiles,
  newPage,
  screenshots,
  signIn,
  signOut,
  step,
  storedSession,
  setupConsole,
  waitForResetLink,
} from './harness.mjs'

const env = setupConsole('passwords')

const RITA = { firstName: 'Rita', lastName: 'Reset', email: 'rita.reset@example.org', password: 'Reset@123' }
const RITA_NEW_PASSWORD = 'Renewed@456'
const ADMIN_NEW_PASSWORD = 'Admin@456'

step(env, 'forgot password: the mailed link sets a new password', async () => {
  await apiCreateSubAdmin(env, { ...RITA, permissions: [{ slug: '/dashboard', actions: ['view'] }] })

  const page = await newPage(env)
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Forgot Password?' }).click()
  await expectPath(page, '/forgot_password')
  await expectText(page, 'Forgot Password')

  const submit = page.getByRole('button', { name: 'Reset Password' })
  await submit.click()
  await expectFieldErrors(page, ['Please enter register email id'], { only: true })
  await page.getByLabel('Email').fill('bad')
  await submit.click()
  await expectFieldErrors(page, ['Please enter valid email address.'], { only: true })

  const seen = mailFiles(env)
  await page.getByLabel('Email').fill(RITA.email)
  await submit.click()
  await expectToast(page, 'If this email is registered, a password reset link has been sent to it.')
  await expectPath(page, '/signin')
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })

  // The mail written to DATA_DIR/mail carries the link to this console.
  const mail = await waitForResetLink(env, RITA.email, seen)
  assert.match(mail.link, new RegExp(`^${env.baseURL}/reset_password/[0-9a-f]{64}$`))

  await page.goto(mail.link)
  await expectPath(page, /^\/reset_password\//)
  await expectText(page, 'Reset Password')
  const newPassword = page.getByLabel('New Password')
  const confirmPassword = page.getByLabel('Confirm Password')
  const reset = page.getByRole('button', { name: 'Reset Password' })

  await reset.click()
  await expectFieldErrors(page, ['New Password is required', 'Confirm Password is required'], { only: true })

  // The server's rules are checked inline too: nothing is sent.
  await newPassword.fill('abc12')
  await confirmPassword.fill('abc12')
  await reset.click()
  await expectFieldErrors(page, ['New Password must be between 6 and 20 characters'], { only: true })
  await newPassword.fill('abc 1234')
  await confirmPassword.fill('abc 1234')
  await expectFieldErrors(page, ['New Password must not contain spaces'], { only: true })
  assert.equal(env.requests.filter((r) => new URL(r.url).pathname === '/admin/sub-admin/resetPassword').length, 0)

  // Each password eye is a named button.
  await page.getByRole('button', { name: 'Show password', exact: true }).first().waitFor({ state: 'visible' })
  assert.equal(await page.getByRole('button', { name: 'Show password', exact: true }).count(), 2)
  await page.getByRole('button', { name: 'Show password', exact: true }).first().click()
  await page.getByRole('button', { name: 'Hide password', exact: true }).waitFor({ state: 'visible' })
  assert.equal(await newPassword.getAttribute('type'), 'text')
  await page.getByRole('button', { name: 'Hide password', exact: true }).click()
  assert.equal(await newPassword.getAttribute('type'), 'password')
  await screenshots(page, 'passwords-reset-inline')

  await newPassword.fill(RITA_NEW_PASSWORD)
  await confirmPassword.fill('Different@456')
  await reset.click()
  await expectFieldErrors(page, ['Confirm Password must match with New password'], { only: true })
  await expectPath(page, /^\/reset_password\//)

  await confirmPassword.fill(RITA_NEW_PASSWORD)
  await reset.click()
  await expectToast(page, 'Your password has been reset. Please sign in with the new password.')
  await expectPath(page, '/signin')

  // The link works once.
  await page.goto(mail.link)
  await page.getByLabel('New Password').fill('Another@789')
  await page.getByLabel('Confirm Password').fill('Another@789')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expectToast(page, 'This password reset link is invalid or has expired.')
  await expectPath(page, /^\/reset_password\//)

  // The new password signs in; the old one no longer does.
  await page.goto('/signin')
  await signIn(page, RITA.email, RITA_NEW_PASSWORD, '/dashboard')
  await expectText(page, `Welcome, ${RITA.firstName} ${RITA.lastName}`)
  await signOut(page)

  await fillSignIn(page, RITA.email, RITA.password)
  await expectToast(page, 'Invalid email or password')
  await expectPath(page, '/signin')
  assert.ok(!(await storedSession(page))?.state?.user, 'the old password gives no session')
})

step(env, 'change password from the account menu', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  const [refreshCookie] = (await page.context().cookies()).filter((c) => c.name === 'gc_refresh')
  assert.ok(refreshCookie, 'signed in with the refresh cookie')

  await accountMenu(page, 'Change Password')
  await expectPath(page, '/change_password')
  const oldPassword = page.getByLabel('Old Password')
  const newPassword = page.getByLabel('New Password')
  const confirmPassword = page.getByLabel('Confirm Password')
  const submit = page.getByRole('button', { name: 'Change Password' })

  await submit.click()
  await expectFieldErrors(
    page,
    ['Old Password is Required', 'New Password is Required', 'Confirm Password is Required'],
    { only: true },
  )

  // The new password must differ from the old one.
  await oldPassword.fill(ADMIN_PASSWORD)
  await newPassword.fill(ADMIN_PASSWORD)
  await confirmPassword.fill(ADMIN_PASSWORD)
  await submit.click()
  await expectFieldErrors(page, ['Old Password and New Password can not be same'], { only: true })

  // The confirmation must match.
  await newPassword.fill(ADMIN_NEW_PASSWORD)
  await confirmPassword.fill('Admin@789')
  await submit.click()
  await expectFieldErrors(page, ['Confirm Password must match with New Password'], { only: true })

  // A wrong old password is refused by the server; the session stays.
  await oldPassword.fill('Wrong@123')
  await confirmPassword.fill(ADMIN_NEW_PASSWORD)
  await submit.click()
  await expectToast(page, 'Old Password is incorrect')
  await expectPath(page, '/change_password')

  // The real change ends the session and shows the server's message on /signin.
  await oldPassword.fill(ADMIN_PASSWORD)
  await submit.click()
  await expectPath(page, '/signin')
  await expectToast(page, 'Password changed successfully. Please sign in again.')
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })
  assert.ok(!(await storedSession(page))?.state?.user, 'the session ended')

  // The tokens of the old session are revoked (the refresh token was in the console's cookie).
  const refresh = await fetch(`${env.baseURL}/v1/common/refreshToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `gc_refresh=${refreshCookie.value}` },
    body: '{}',
  })
  assert.equal(refresh.status, 401)

  // The old password no longer signs in; the new one does.
  await fillSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await expectToast(page, 'Invalid email or password')
  await expectPath(page, '/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_NEW_PASSWORD, '/dashboard')
  await expectText(page, 'Welcome, Main Admin')
})
