/**
 * Chat (issue 16 section 1), in Chromium against the console with its demo data, and a scripted
 * app user (socket.io-client from Node on namespace /app, with a member token printed by
 * `giving-console member-token <email>`):
 * - the admin opens a room with a seeded donor and writes; the app user receives it and answers,
 *   and the answer appears live; with another room open, the app user's next message shows on
 *   its row with the unread badge;
 * - scrolling to the top of the conversation loads the older messages (15 at a time);
 * - Clear chat through the confirmation empties the admin side; the donor keeps its copy;
 * - screenshots of /chat at desktop and phone widths (CHAT_SHOTS, default /tmp/chat-shots).
 * Flows fail (never skip) when the demo donors or the member-token command are missing.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
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
  confirmDialog,
  connectMember,
  dismissToasts,
  eventually,
  expectPath,
  expectToast,
  memberToken,
  openDialog,
  openMenuEntry,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const SHOTS = process.env.CHAT_SHOTS || '/tmp/chat-shots'
const env = setupConsole('chat', DEMO, prepare)
const demo = { token: '', donors: [], member: null }

async function prepare() {
  demo.token = (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
  const res = await api(env, '/admin/user/userList', {
    body: { page: 1, limit: 60, search: '', column: 'createdAt', order: 'desc' },
    token: demo.token,
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  // Two active donors without a conversation yet (the demo data talks with ten of them): the
  // room createRoom answers for them is empty, so the counts below are this flow's own.
  for (const donor of (res.body.data ?? []).filter((d) => d.isActive !== false && d.email)) {
    const room = await api(env, '/admin/chat/createRoom', { body: { userId: donor._id }, token: demo.token })
    assert.equal(room.status, 200, `createRoom: ${JSON.stringify(room.body)}`)
    if (room.body.data.lastMessage === null) demo.donors.push(donor)
    if (demo.donors.length === 2) break
  }
  assert.equal(demo.donors.length, 2, 'the demo data holds two active donors without a conversation')
  demo.member = await connectMember(env, await memberToken(env, demo.donors[0].email))
}

const nameOf = (d) => [d.firstName, d.lastName].filter(Boolean).join(' ')
const log = (page) => page.getByRole('log', { name: 'Messages' })
const bubbles = (page) => log(page).locator('[data-testid="chat-message"]')
const row = (page, donor) => page.getByRole('button', { name: new RegExp(`^Open chat with ${nameOf(donor)}\\b`) })

/** "New conversation" with `donor`, picked in the select by its email. */
async function openConversation(page, donor) {
  await page.getByRole('button', { name: /New conversation/ }).click()
  const dialog = await openDialog(page, 'New conversation')
  const select = dialog.getByRole('combobox', { name: 'User' })
  await select.click()
  await select.fill(donor.email)
  await page.locator('.ant-select-item-option').filter({ hasText: donor.email }).first().click()
  await dialog.getByRole('button', { name: 'Open chat' }).click()
  await expectToast(page, 'Room opened successfully')
  await page.getByRole('region', { name: `Chat with ${nameOf(donor)}` }).waitFor({ state: 'visible' })
  await dismissToasts(page)
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

const send = (text) => demo.member.ask('send', { text, clientId: randomUUID() })

step(
  env,
  'chat: the admin opens a room with a donor; the app user answers live, and the unread badge shows on its row',
  async () => {
    const page = env.page
    const [ann, bob] = demo.donors
    await page.goto('/signin')
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await openMenuEntry(page, 'Message')
    await expectPath(page, '/chat')
    await page.getByLabel('Connection').filter({ hasText: 'Connected' }).waitFor({ state: 'visible' })

    await openConversation(page, ann)
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.press('Enter')
    await page.getByRole('alert').filter({ hasText: 'Please enter a message' }).waitFor({ state: 'visible' })
    await box.fill('Hello from the console')
    await box.press('Enter')
    await log(page).getByText('Hello from the console').waitFor({ state: 'visible' })
    await eventually(
      async () =>
        (await log(page)
          .getByText(/Sending…/)
          .count()) === 0,
      { what: 'the send acknowledged' },
    )

    // The app user receives it on /app and answers: the answer shows live.
    await demo.member.waitFor('message', (p) => p?.message?.text === 'Hello from the console')
    await send('Thanks, happy to help')
    await log(page).getByText('Thanks, happy to help').waitFor({ state: 'visible' })

    // Another room open: the next answer lands on Ann's row, with its unread badge.
    await openConversation(page, bob)
    await send('One more question')
    const annRow = row(page, ann)
    await annRow.getByLabel('1 unread').waitFor({ state: 'visible' })
    await annRow.getByText('One more question').waitFor({ state: 'visible' })
    await shots(page, 'chat-unread')
    await annRow.click()
    await log(page).getByText('One more question').waitFor({ state: 'visible' })
    await annRow.getByLabel('1 unread').waitFor({ state: 'detached' })
  },
)

step(env, 'chat: scrolling to the top loads the older messages, 15 at a time', async () => {
  const page = env.page
  const [ann] = demo.donors
  for (let i = 1; i <= 20; i++) await send(`Older message ${i}`)
  // Ann's room from a fresh page: the newest 15 of its 23 messages.
  await page.reload()
  await row(page, ann).click()
  await log(page).getByText('Older message 20', { exact: true }).waitFor({ state: 'visible' })
  await eventually(async () => (await bubbles(page).count()) === 15, { what: '15 messages shown' })
  assert.equal(await log(page).getByText('Hello from the console').count(), 0)
  await log(page).evaluate((el) => {
    el.scrollTop = 0
    el.dispatchEvent(new Event('scroll'))
  })
  await log(page).getByText('Hello from the console').waitFor({ state: 'visible' })
  await eventually(async () => (await bubbles(page).count()) === 23, { what: 'all 23 messages shown' })
  await log(page).getByText('Beginning of the conversation').waitFor({ state: 'visible' })
  // The position is kept: the first message shown before is still on screen, not the newest.
  assert.ok(await log(page).evaluate((el) => el.scrollTop > 0), 'the scroll position is kept')
  await shots(page, 'chat-conversation')
})

step(env, 'chat: Clear chat empties the admin side after the confirmation; the donor keeps its copy', async () => {
  const page = env.page
  await page.getByRole('button', { name: /Clear chat/ }).click()
  await confirmDialog(page, 'Are you sure you want to clear this chat history ?')
  await expectToast(page, 'Chat history cleared successfully')
  await log(page).getByText('No messages yet').waitFor({ state: 'visible' })
  assert.equal(await bubbles(page).count(), 0)
  const mine = await demo.member.ask('history', { limit: 50 })
  assert.equal(mine.list.length, 23, 'the donor keeps its 23 messages')
  // A reload shows the cleared room empty (the server kept the clearing).
  await page.reload()
  await row(page, demo.donors[0]).click()
  await log(page).getByText('No messages yet').waitFor({ state: 'visible' })
  await shots(page, 'chat-cleared')
  // A phone: the conversation's back button shows the list pane.
  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Back to conversations' }).click()
  await page.getByRole('region', { name: 'Conversations' }).waitFor({ state: 'visible' })
  assert.equal(await log(page).count(), 0, 'one pane at a time on a phone')
  await page.screenshot({ path: join(SHOTS, 'chat-list-phone.png'), fullPage: true })
  await page.setViewportSize(DESKTOP)
  demo.member.close()
})
