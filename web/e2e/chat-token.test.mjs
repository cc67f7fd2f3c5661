/**
 * The chat's socket and an expiring access token (ACCESS_TOKEN_TTL_SECS=3), in Chromium against
 * the console: an event sent with a token that expired since the handshake is answered
 * 'token_expired' and the server disconnects; the console refreshes the token through the request
 * client's refresh and connects again, and the next search is answered. A page opened after the
 * expiry connects too (the first refused call, a REST one or the handshake ('token_expired' told
 * by its text), refreshes the token).
 */
import { api, ADMIN_EMAIL, ADMIN_PASSWORD, eventually, expectPath, setupConsole, signIn, step } from './harness.mjs'

const TTL_SECS = 3
const env = setupConsole('chat-token', { ACCESS_TOKEN_TTL_SECS: String(TTL_SECS) })

const state = (page, text) => page.getByLabel('Connection').filter({ hasText: text })

/** Waits until the page's stored access token is refused as expired (a state, polled). */
async function tokenExpired(page) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('giving-console-session')).state.user.authToken,
  )
  await eventually(
    async () => (await api(env, '/admin/notification/notificationHistory', { body: {}, token })).status === 403,
    {
      timeout: (TTL_SECS + 5) * 1000,
      interval: 200,
      what: 'the access token to expire',
    },
  )
  return token
}

step(env, 'chat socket: an expired token is refreshed and the socket connects again, losing nothing', async () => {
  const page = env.page
  const refreshes = []
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/v1/common/refreshToken') refreshes.push(res.status())
  })
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/chat')
  await expectPath(page, '/chat')
  await state(page, 'Connected').waitFor({ state: 'visible' })

  // An event after the expiry: refused, disconnected, refreshed, connected again.
  const stale = await tokenExpired(page)
  await page.getByPlaceholder('Search by name or email').fill('nobody-by-this-name')
  await eventually(() => refreshes.includes(200), { what: 'a token refresh' })
  await state(page, 'Connected').waitFor({ state: 'visible' })
  await page.getByText('No user matches').waitFor({ state: 'visible' })
  await eventually(
    async () =>
      (await page.evaluate(() => JSON.parse(localStorage.getItem('giving-console-session')).state.user.authToken)) !==
      stale,
    {
      what: 'a new stored token',
    },
  )

  // A page opened after the expiry: refreshed (by a REST call or the handshake), connected.
  await tokenExpired(page)
  const before = refreshes.length
  await page.reload()
  await eventually(() => refreshes.length > before && refreshes.at(-1) === 200, {
    what: 'a refresh after the refused handshake',
  })
  await state(page, 'Connected').waitFor({ state: 'visible' })
})
