/**
 * Sign-in screen, landing, menu, unknown paths and logout (flows 1, 2, 3 and 8).
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accountMenu,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  fillSignIn,
  menuGroup,
  menuTitles,
  newPage,
  openMenuGroup,
  signIn,
  step,
  storedSession,
  setupConsole,
} from './harness.mjs'

const env = setupConsole('signin')

const loginCalls = () => env.requests.filter((r) => new URL(r.url).pathname === '/admin-login/login')

step(env, 'sign-in validation shows the messages without calling the server', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await expectText(page, 'Sign In', { exact: true })
  const submit = page.getByRole('button', { name: 'Sign In' })

  // Empty form.
  await submit.click()
  await expectFieldErrors(page, ['Email is required', 'Password is required'], { only: true })

  // An address that is not an email.
  await page.getByLabel('Email').fill('bad')
  await page.getByLabel('Password', { exact: true }).fill('whatever1')
  await submit.click()
  await expectFieldErrors(page, ['Please enter valid email address.'], { only: true })

  // A password with a space.
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill('Admin @123')
  await submit.click()
  await expectFieldErrors(page, ['Password must not contain while spaces'], { only: true })

  await page.waitForLoadState('networkidle')
  assert.equal(loginCalls().length, 0, 'no sign-in request was sent while the form was invalid')
  await expectPath(page, '/signin')
  assert.equal(await storedSession(page), null)
})

step(env, 'a wrong password shows the server message and stays on /signin', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await fillSignIn(page, ADMIN_EMAIL, 'Wrong@123')
  await expectToast(page, 'Invalid email or password')
  assert.equal(loginCalls().length, 1, 'the form was sent once')
  await expectPath(page, '/signin')
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })
  const session = await storedSession(page)
  assert.ok(!session?.state?.user, 'no session is stored after a failed sign-in')
})

step(env, 'the main admin lands on the dashboard with its menu; unknown paths redirect', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard')
  await expectToast(page, 'Login Successfully')
  await expectText(page, 'Welcome, Main Admin')
  await expectText(page, 'Main Admin', { exact: true })

  const titles = await menuTitles(page)
  assert.ok(titles.includes('Dashboard'), `menu shows Dashboard: ${titles}`)
  assert.ok(titles.includes('Sub Admin'), `menu shows Sub Admin: ${titles}`)
  // The Master Management group starts closed: its entries are not shown yet.
  assert.deepEqual(titles, [
    'Dashboard',
    'Community Management',
    'Master Management',
    'Content Management',
    'FAQ Management',
    'FAQ Category Management',
    'Event Management',
    'Giving Partner Management',
    'Donor Management',
    'Transaction Management',
    'Badge Management',
    'Notification Management',
    'Contact Us Form',
    'Report Post',
    'Subscribed Donor',
    'Sub Admin',
    'Service Charges',
    'Message',
    'Audit Log',
    'Trash',
  ])
  assert.equal(await menuGroup(page, 'Master Management').getAttribute('aria-expanded'), 'false')
  await openMenuGroup(page, 'Master Management')
  assert.deepEqual(await menuTitles(page), [
    'Dashboard',
    'Community Management',
    'Master Management',
    'New Nonprofit',
    'Nonprofit Management',
    'Causes/Affiliations Management',
    'Nonprofit Category',
    'Content Management',
    'FAQ Management',
    'FAQ Category Management',
    'Event Management',
    'Giving Partner Management',
    'Donor Management',
    'Transaction Management',
    'Badge Management',
    'Notification Management',
    'Contact Us Form',
    'Report Post',
    'Subscribed Donor',
    'Sub Admin',
    'Service Charges',
    'Message',
    'Audit Log',
    'Trash',
  ])

  // The menu leads to the screens.
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Sub Admin' }).click()
  await expectPath(page, '/sub_admin')
  await page.getByRole('button', { name: 'Add Sub Admin' }).waitFor({ state: 'visible' })

  // Signed in: an unknown path goes to the dashboard.
  await page.goto('/nowhere')
  await expectPath(page, '/dashboard')
  await expectText(page, 'Welcome, Main Admin')

  // The session survives a reload.
  await page.reload()
  await expectPath(page, '/dashboard')
  await expectText(page, 'Welcome, Main Admin')
})

step(env, 'logout from the account menu ends the session', async () => {
  const page = env.page // still signed in from the previous test
  if (new URL(page.url()).pathname !== '/dashboard') {
    await newPage(env)
    await env.page.goto('/signin')
    await signIn(env.page, ADMIN_EMAIL, ADMIN_PASSWORD)
  }
  const session = await storedSession(env.page)
  assert.ok(session?.state?.user?.authToken, 'a session is stored while signed in')
  // The refresh token is not stored where scripts reach: only in an HttpOnly cookie, which
  // Chromium keeps although it is Secure, 127.0.0.1 being a secure context.
  assert.equal(session.state.user.refreshToken, undefined, 'no refresh token in localStorage')
  const [cookie] = (await env.context.cookies()).filter((c) => c.name === 'gc_refresh')
  assert.ok(cookie, 'the refresh cookie is kept')
  assert.deepEqual(
    { path: cookie.path, httpOnly: cookie.httpOnly, secure: cookie.secure, sameSite: cookie.sameSite },
    { path: '/v1/common/refreshToken', httpOnly: true, secure: true, sameSite: 'Strict' },
  )
  assert.equal(await env.page.evaluate(() => document.cookie.includes('gc_refresh')), false, 'no script reads it')

  await accountMenu(env.page, 'Logout')
  await expectPath(env.page, '/signin')
  await expectToast(env.page, 'Logout Successfully')
  await env.page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })
  assert.ok(!(await storedSession(env.page))?.state?.user, 'the stored session is gone')

  // Protected screens now send the visitor to /signin.
  await env.page.goto('/dashboard')
  await expectPath(env.page, '/signin')
  await env.page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })

  // So does an unknown path.
  await env.page.goto('/nowhere')
  await expectPath(env.page, '/signin')

  // The ended session's refresh token and access token are both refused, and the cookie is gone.
  assert.equal(
    (await env.context.cookies()).filter((c) => c.name === 'gc_refresh').length,
    0,
    'logout clears the cookie',
  )
  const refresh = await fetch(`${env.baseURL}/v1/common/refreshToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `gc_refresh=${cookie.value}` },
    body: '{}',
  })
  assert.equal(refresh.status, 401, 'the refresh token no longer works after logout')
  const list = await fetch(`${env.baseURL}/admin/sub-admin/subAdminList`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.state.user.authToken}` },
    body: '{}',
  })
  assert.equal(list.status, 401, 'the access token ends with the session, not at its expiry')
})

step(env, 'the console works under its Content-Security-Policy and sends no referrer', async () => {
  const page = await newPage(env)
  const violations = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
  })
  const res = await page.goto('/signin')
  const headers = res.headers()
  assert.match(headers['content-security-policy'], /default-src 'self'; script-src 'self';/)
  assert.match(headers['content-security-policy'], /frame-ancestors 'none'/)
  assert.equal(headers['referrer-policy'], 'no-referrer')
  assert.equal(headers['x-content-type-options'], 'nosniff')
  assert.equal(await page.locator('meta[name="referrer"]').getAttribute('content'), 'no-referrer')
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await expectPath(page, '/dashboard')
  await expectText(page, 'Welcome, Main Admin')
  await page.goto('/sub_admin')
  await page.getByRole('table').waitFor({ state: 'visible' })
  await page.screenshot({ path: 'test-results/csp-sub-admin.png' })
  assert.deepEqual(violations, [], 'nothing was refused by the policy')
})
