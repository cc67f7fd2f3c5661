/**
 * Two tabs of one browser share one session: when its access token expires, both tabs
 * need a new one at once, and the refresh token (an HttpOnly cookie) must be spent once
 * only: a second spend would be taken for a stolen token and end the session. The tabs
 * take turns through a Web Lock and the second reuses the token the first stored.
 */
import assert from 'node:assert/strict'
import { ADMIN_EMAIL, ADMIN_PASSWORD, eventually, expectPath, newPage, signIn, step, setupConsole } from './harness.mjs'

const TTL_SECS = 3
const LIST_PATH = '/admin/sub-admin/subAdminList'
const env = setupConsole('tabs', { ACCESS_TOKEN_TTL_SECS: String(TTL_SECS) })

/** Answers of one path seen by a page, by status. */
function watch(page, pathname) {
  const seen = []
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === pathname) seen.push(res.status())
  })
  return seen
}

step(env, 'two tabs whose access token expired refresh it once and both stay signed in', async () => {
  const first = await newPage(env)
  await first.goto('/signin')
  await signIn(first, ADMIN_EMAIL, ADMIN_PASSWORD)
  // Each tab opens the list and waits for its answer (after a refresh, when the token expired
  // meanwhile on a slow machine): the table shows before its rows do.
  const open = async (page) => {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST_PATH && r.status() === 200)
    await page.goto('/sub_admin')
    await answered
  }
  const second = await env.context.newPage()
  await open(second)
  await open(first)

  // Wait until the stored access token is refused as expired (a state, polled). On a slow
  // machine the token may already have expired while the tabs opened, and a tab may be
  // refreshing it still: the token is read again after each wait until it stays the same.
  const storedToken = () =>
    first.evaluate(() => JSON.parse(localStorage.getItem('giving-console-session')).state.user.authToken)
  const refused = async (jwt) => {
    const r = await fetch(`${env.baseURL}${LIST_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: '{}',
    })
    return r.status === 403
  }
  let token = await storedToken()
  for (;;) {
    const waited = token
    await eventually(() => refused(waited), {
      timeout: (TTL_SECS + 5) * 1000,
      interval: 200,
      what: 'the access token to expire',
    })
    token = await storedToken()
    if (token === waited) break
  }

  // Only what the tabs do from here on is counted.
  const refreshes = [watch(first, '/v1/common/refreshToken'), watch(second, '/v1/common/refreshToken')]
  const lists = [watch(first, LIST_PATH), watch(second, LIST_PATH)]

  // Both tabs ask for their list at the same time; a refresh is held until both were
  // refused, so the tabs really need a new token together. The hold never throws (a
  // rejection there would outlive the test): whether both were refused is asserted below.
  const refreshRoute = '**/v1/common/refreshToken'
  await env.context.route(refreshRoute, async (route) => {
    await eventually(() => lists.every((l) => l.includes(403)), { what: 'both tabs refused as expired' }).catch(
      () => {},
    )
    await route.continue().catch(() => {})
  })
  await Promise.all([first.reload(), second.reload()])
  for (const page of [first, second]) {
    await page.getByRole('table').waitFor({ state: 'visible' })
    await expectPath(page, '/sub_admin')
  }
  // Each tab was refused, then answered (a list answered before the expiry may come first).
  const refusedThenAnswered = (l) => l.includes(403) && l.lastIndexOf(200) > l.indexOf(403)
  await eventually(() => lists.every(refusedThenAnswered), { what: 'both lists refused, then answered' })
  await env.context.unroute(refreshRoute)
  const all = refreshes.flat()
  assert.equal(all.length, 1, `one refresh for both tabs (saw ${JSON.stringify(refreshes)})`)
  assert.deepEqual(all, [200])
  // A new token was stored, and it lives past the old one. (Calling with it now could meet
  // its own three-second expiry on a slow machine: the session's life is the next check.)
  const fresh = await second.evaluate(
    () => JSON.parse(localStorage.getItem('giving-console-session')).state.user.authToken,
  )
  assert.notEqual(fresh, token)
  const expiry = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).exp
  assert.ok(expiry(fresh) > expiry(token), 'the new token expires after the old one')
  // The session is alive: the refresh cookie was spent once, not taken for a stolen one, so
  // the tab opens its list again (refreshing once more if its token has expired meanwhile).
  await second.reload()
  await second.getByRole('table').waitFor({ state: 'visible' })
  await expectPath(second, '/sub_admin')
})
