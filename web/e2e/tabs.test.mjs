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

const REFRESH_PATH = '/v1/common/refreshToken'

/**
 * Every API call of the tabs from their first: which tab, the path, the access token it sent,
 * its answer (null until answered) and when. A failure prints it (`lines`).
 */
function traceTabs(pages) {
  const t0 = Date.now()
  const calls = []
  const byRequest = new Map()
  for (const [tab, page] of Object.entries(pages)) {
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname
      if (!/^\/(admin|v1)\//.test(path)) return
      const token = (req.headers().authorization ?? '').replace(/^Bearer /, '')
      const call = { tab, path, token, status: null, sent: Date.now() - t0, answered: null }
      byRequest.set(req, call)
      calls.push(call)
    })
    const answer = (req, status) => {
      const call = byRequest.get(req)
      if (call) Object.assign(call, { status, answered: Date.now() - t0 })
    }
    page.on('response', (res) => answer(res.request(), res.status()))
    page.on('requestfailed', (req) => answer(req, 'failed'))
  }
  const expiry = (jwt) => {
    try {
      return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).exp
    } catch {
      return '-'
    }
  }
  const lines = (from = 0) =>
    calls
      .slice(from)
      .map((c) => `${c.sent}ms ${c.tab} ${c.path} exp=${expiry(c.token)} -> ${c.status} at ${c.answered}ms`)
      .join('\n')
  // Quiet: every call answered, and the last answer of each tab's path is not a refusal (a
  // refused call is being retried, or its tab is about to refresh).
  const quiet = () => {
    if (calls.some((c) => c.status === null)) return false
    const last = new Map(calls.map((c) => [`${c.tab} ${c.path}`, c.status]))
    return [...last.values()].every((status) => status !== 403)
  }
  return { calls, lines, quiet }
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
  const trace = traceTabs({ first, second })
  await open(second)
  await open(first)

  // Wait until the stored access token is refused as expired (a state, polled), and until the
  // tabs are quiet: on a slow machine the token may have expired while the tabs opened, and a
  // tab may be refreshing it still (a refresh whose answer a reload would lose). The token is
  // read again after each wait until it stays the same.
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
    await eventually(trace.quiet, { what: 'the tabs to finish their calls' })
    token = await storedToken()
    if (token === waited) break
  }

  // Only what the tabs do from here on is counted.
  const from = trace.calls.length
  const counted = () => trace.calls.slice(from)
  const lists = (tab) => counted().filter((c) => c.tab === tab && c.path === LIST_PATH)
  const tabs = ['first', 'second']

  // Both tabs ask for their list at the same time; a refresh is held until both were
  // refused, so the tabs really need a new token together. The hold never throws (a
  // rejection there would outlive the test): whether both were refused is asserted below.
  const refreshRoute = `**${REFRESH_PATH}`
  await env.context.route(refreshRoute, async (route) => {
    await eventually(() => tabs.every((tab) => lists(tab).some((c) => c.status === 403)), {
      what: 'both tabs refused as expired',
    }).catch(() => {})
    await route.continue().catch(() => {})
  })
  await Promise.all([first.reload(), second.reload()])
  for (const page of [first, second]) {
    await page.getByRole('table').waitFor({ state: 'visible' })
    await expectPath(page, '/sub_admin')
  }
  // Each tab was refused with the expired token, then answered.
  const refusedThenAnswered = (tab) => {
    const l = lists(tab)
    const refusal = l.findIndex((c) => c.status === 403 && c.token === token)
    return refusal >= 0 && l.slice(refusal + 1).some((c) => c.status === 200)
  }
  await eventually(() => tabs.every(refusedThenAnswered), { what: 'both lists refused, then answered' })
  await eventually(trace.quiet, { what: 'the tabs to finish their calls' })
  await env.context.unroute(refreshRoute)
  // One refresh for each token refused, whichever tabs it was refused in: the expired one was
  // refused in both tabs and refreshed once. (On a very slow machine the new three-second
  // token may expire in its turn before the tabs are done: that one is refreshed once too.)
  const refreshes = counted().filter((c) => c.path === REFRESH_PATH)
  const refusedTokens = new Set(
    counted()
      .filter((c) => c.status === 403 && c.token)
      .map((c) => c.token),
  )
  assert.equal(
    refreshes.length,
    refusedTokens.size,
    `one refresh for each token refused (${refreshes.length} for ${refusedTokens.size}):\n${trace.lines(from)}`,
  )
  assert.deepEqual(
    refreshes.map((c) => c.status),
    refreshes.map(() => 200),
  )
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
