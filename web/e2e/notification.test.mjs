/**
 * Notification Management (issue 16 section 2), in Chromium against the console with its demo
 * data, and a scripted app user connected on namespace /app:
 * - the form's checks (nothing sent), then a notification to every user: the confirmation shows
 *   its reach, the toast the server's message, the history its row with that reach;
 * - the connected app user receives it at once, and finds it in its notifications;
 * - screenshots at desktop and phone widths (CHAT_SHOTS, default /tmp/chat-shots).
 */
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO,
  DESKTOP,
  PHONE,
  api,
  apiSignIn,
  connectMember,
  expectFieldErrors,
  expectPath,
  expectToast,
  memberToken,
  openDialog,
  openMenuEntry,
  setupConsole,
  signIn,
  step,
  tableRow,
} from './harness.mjs'

const SHOTS = process.env.CHAT_SHOTS || '/tmp/chat-shots'
const TITLE = 'E2E Giving Tuesday'
const env = setupConsole('notification', DEMO, prepare)
const demo = { token: '', member: null }

async function prepare() {
  demo.token = (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
  const res = await api(env, '/admin/user/userList', {
    body: { page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' },
    token: demo.token,
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const donor = (res.body.data ?? []).find((d) => d.isActive !== false && d.email)
  assert.ok(donor, 'the demo data holds an active donor')
  demo.member = await connectMember(env, await memberToken(env, donor.email))
}

async function shots(page, name) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  for (const [size, box] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    await page.setViewportSize(box)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true })
  }
  if (viewport) await page.setViewportSize(viewport)
}

step(
  env,
  'notification: send one to every user, see it in the history with its reach; the app user gets it',
  async () => {
    const page = env.page
    await page.goto('/signin')
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await openMenuEntry(page, 'Notification Management')
    await expectPath(page, '/send_notification')
    const form = page.locator('form')
    await form.getByRole('button', { name: 'Send' }).click()
    await expectFieldErrors(page, ['Please enter Title', 'Please enter Message'])
    await form.getByRole('textbox', { name: 'Title' }).fill(TITLE)
    await form.getByRole('textbox', { name: 'Message' }).fill('Double your gift today.')
    await shots(page, 'notification-form')
    await form.getByRole('button', { name: 'Send' }).click()

    const confirm = await openDialog(page, 'Send notification')
    const text = await confirm.getByText(/This notification will reach/).textContent()
    const reach = Number(/reach ([\d,]+) users?/.exec(text ?? '')?.[1]?.replace(/,/g, ''))
    assert.ok(reach > 0, `a reach of every active donor: ${text}`)
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await expectToast(page, 'Notification sent successfully')

    const row = tableRow(page, TITLE).first()
    await row.waitFor({ state: 'visible' })
    await row.getByText('All users').waitFor({ state: 'visible' })
    await row.getByText(reach.toLocaleString('en-US'), { exact: true }).waitFor({ state: 'visible' })
    assert.equal(await form.getByRole('textbox', { name: 'Title' }).inputValue(), '', 'the form is reset')

    const got = await demo.member.waitFor('notification', (p) => p?.notification?.title === TITLE)
    assert.equal(got.notification.reach, reach)
    const mine = await demo.member.ask('notifications', { page: 1, limit: 10 })
    assert.ok(
      mine.list.some((n) => n.title === TITLE && n.read === false),
      'the app user finds it, unread',
    )
    await shots(page, 'notification-history')
    demo.member.close()
  },
)
