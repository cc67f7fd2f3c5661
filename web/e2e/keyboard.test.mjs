/**
 * By keyboard alone (issue 34 section 1): five flows a person does with a mouse, done here with
 * Tab, Shift+Tab, Enter, Space and typing only, on the demo data set at 1440 px. Wherever the
 * keyboard's focus lands on the way, it shows (a ring, or a field's focus glow).
 * 1. Sign in (from a deep link: the console brings the admin back to the page it asked for), the
 *    toast below the header, not over it.
 * 2. Search a list, sort it by a column, open its second page.
 * 3. Open a record's edit form, change a field and save.
 * 4. Toggle a row's status: the confirmation dialog takes the focus, Yes answers it.
 * 5. Open a conversation and send a chat message; the Message menu entry says how many
 *    conversations are unread (GET /admin/chat/unread).
 * And the sign-in's wrong door: a nonprofit admin's right password at the admin sign-in is told
 * where to sign in, under the email field, with the link there.
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO,
  DESKTOP,
  api,
  apiSignIn,
  dismissToasts,
  eventually,
  expectPath,
  newPage,
  setupConsole,
  step,
  waitChecked,
  waitForMailLink,
} from './harness.mjs'

/** A demo nonprofit's admin (catalogue demo.rs: admin@<name's letters>.example.org). */
const DEMO_NPO = { email: 'admin@harborfoodbank.example.org', password: 'Harbor@123' }

const env = setupConsole('keyboard', DEMO, async (env) => {
  // The demo nonprofit's admin was invited when the demo data approved its nonprofit.
  const { link } = await waitForMailLink(env, DEMO_NPO.email, '/set_password/')
  const set = await api(env, '/admin-login/setPassword', {
    body: { token: link.split('/').pop(), newPassword: DEMO_NPO.password },
  })
  assert.equal(set.status, 200, JSON.stringify(set.body))
})

/** What has the keyboard's focus, and whether it shows (a ring, a glow, or its drawn box's). */
function focusShown(page) {
  return page.evaluate(() => {
    const el = document.activeElement
    // Nothing focused (the page itself: a Tab starts from here) has no ring to show.
    if (!el || el === document.body) return { shown: true, what: 'nothing' }
    const what = el.outerHTML.slice(0, 160)
    const rect = el.getBoundingClientRect()
    // antd's focus traps (zero-sized sentinels of a dialog) are passed through, never seen.
    if (rect.width === 0 && rect.height === 0) return { shown: true, what }
    const drawn = (node) => {
      if (!node) return false
      const s = getComputedStyle(node)
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
    }
    // A text field shows focus on itself or on the wrapper antd draws around it; a checkbox or
    // radio on the box drawn for its hidden input.
    const wrapper = el.closest(
      '.ant-input-affix-wrapper, .ant-input-outlined, .ant-select, .ant-input-number, .ant-picker, .ant-input-search',
    )
    const box = el.matches('.ant-checkbox-input, .ant-radio-input') ? el.nextElementSibling : null
    return { shown: drawn(el) || drawn(wrapper) || drawn(box), what }
  })
}

async function expectFocusShown(page) {
  const { shown, what } = await focusShown(page)
  assert.ok(shown, `the focused element shows no focus: ${what}`)
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; each stop on the way shows its focus. */
async function tabTo(page, target, { back = false, max = 80 } = {}) {
  await target.waitFor({ state: 'visible' })
  for (let i = 0; i <= max; i++) {
    const there = await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
    if (there) {
      await expectFocusShown(page)
      return
    }
    if (i > 0) await expectFocusShown(page)
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`)
}

const search = (page) => new URL(page.url()).searchParams

let page

step(env, '1. sign in by keyboard from a deep link; the toast shows below the header', async () => {
  page = await newPage(env, { viewport: DESKTOP })
  await page.goto('/donor')
  await expectPath(page, '/signin')
  await tabTo(page, page.getByLabel('Email'))
  await page.keyboard.type(ADMIN_EMAIL)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(ADMIN_PASSWORD)
  await page.keyboard.press('Enter')
  // Back on the page asked for, not the dashboard.
  await expectPath(page, '/donor')
  const notice = page.locator('.ant-notification-notice').first()
  await notice.waitFor({ state: 'visible' })
  const header = await page.locator('.ant-layout-header').boundingBox()
  await eventually(
    async () => {
      const box = await notice.boundingBox()
      return box && box.y >= header.y + header.height
    },
    { what: 'the toast to sit below the header' },
  )
  await dismissToasts(page)
})

step(env, '2. search a list, sort it and open page 2 by keyboard', async () => {
  await page.getByRole('row').nth(1).waitFor({ state: 'visible' })
  await tabTo(page, page.getByPlaceholder(/^Search/))
  await page.keyboard.type('a')
  await eventually(() => search(page).get('q') === 'a', { what: 'the search in the URL' })
  const sortable = page.locator('th.ant-table-column-has-sorters').first()
  await tabTo(page, sortable)
  await page.keyboard.press('Enter')
  await eventually(() => search(page).get('sort'), { what: 'the sort in the URL' })
  await tabTo(page, page.locator('.ant-pagination-item-2'))
  await page.keyboard.press('Enter')
  await eventually(() => search(page).get('page') === '2', { what: 'page 2 in the URL' })
  assert.equal(search(page).get('q'), 'a')
})

step(env, '3. open a record, edit and save its form by keyboard', async () => {
  await tabTo(page, page.getByRole('link', { name: /^Edit / }).first())
  await page.keyboard.press('Enter')
  await eventually(() => /^\/donor\/donor_edit\//.test(new URL(page.url()).pathname), { what: 'the edit form' })
  const lastName = page.getByLabel('Last Name', { exact: true })
  await eventually(async () => (await lastName.inputValue()) !== '', { what: 'the form to load' })
  await tabTo(page, lastName)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Keyboard')
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }))
  await page.keyboard.press('Enter')
  await eventually(() => !/donor_edit/.test(new URL(page.url()).pathname), { what: 'the form to close after saving' })
  await dismissToasts(page)
})

step(env, '4. toggle a status and confirm the dialog by keyboard', async () => {
  await page.goto('/donor')
  const toggle = page.getByRole('switch', { name: /^Status of / }).first()
  await toggle.waitFor({ state: 'visible' })
  const name = await toggle.getAttribute('aria-label')
  const before = (await toggle.getAttribute('aria-checked')) === 'true'
  await tabTo(page, toggle)
  await page.keyboard.press('Space')
  const box = page.locator('.ant-modal-wrap:visible [role="dialog"]').last()
  await box.waitFor({ state: 'visible' })
  await tabTo(page, box.getByRole('button', { name: 'Yes', exact: true }))
  await page.keyboard.press('Enter')
  await box.waitFor({ state: 'hidden' })
  await waitChecked(page.getByRole('switch', { name, exact: true }), !before)
  await dismissToasts(page)
})

step(env, '5. send a chat message by keyboard; the Message entry counts the unread conversations', async () => {
  const token = (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
  // A console built before the count's REST path (GET /admin/chat/unread) answers 404: then the
  // entry shows no count, and only the keyboard part is checked.
  const counted = (await api(env, '/admin/chat/unread', { method: 'GET', token })).status === 200
  if (!counted) console.log('# this console has no GET /admin/chat/unread: the unread count is not checked')
  const unread = async () =>
    counted ? (await api(env, '/admin/chat/unread', { method: 'GET', token })).body.data.rooms : 0
  const entryName = (rooms) =>
    rooms > 0 ? `Message, ${rooms} unread conversation${rooms === 1 ? '' : 's'}` : 'Message'
  await page.goto('/chat')
  const rooms = await unread()
  await page.getByRole('link', { name: entryName(rooms), exact: true }).waitFor({ state: 'visible' })
  const room = page.getByRole('button', { name: /^Open chat with / }).first()
  await tabTo(page, room)
  await page.keyboard.press('Enter')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await tabTo(page, box)
  const text = `Sent by keyboard ${Date.now()}`
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor({ state: 'visible' })
  // Opening the room read it: the entry follows what the server counts now.
  const now = await unread()
  await page.getByRole('link', { name: entryName(now), exact: true }).waitFor({ state: 'visible' })
})

step(
  env,
  "a nonprofit admin's right password at the admin sign-in: told where to sign in, with the link",
  async (t) => {
    const answer = await api(env, '/admin-login/login', { body: DEMO_NPO })
    if (!answer.body?.errors?.some((e) => e.field === 'email')) {
      // A console built before issue 34's sign-in rule answers 'Invalid email or password'.
      t.skip(`this console does not say which sign-in to use (it answers ${answer.status} ${answer.body?.message})`)
      return
    }
    page = await newPage(env, { viewport: DESKTOP })
    await page.goto('/signin')
    await page.getByLabel('Email').fill(DEMO_NPO.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_NPO.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    const message = page
      .locator('[data-field-error]')
      .filter({ hasText: 'This is a nonprofit admin account: please sign in at the nonprofit sign-in' })
    await message.waitFor({ state: 'visible' })
    // The email field's own message: the input is described by it.
    assert.equal(await page.getByLabel('Email').getAttribute('aria-describedby'), await message.getAttribute('id'))
    const link = message.getByRole('link', { name: 'Go to the nonprofit sign-in' })
    await tabTo(page, link)
    await page.keyboard.press('Enter')
    await expectPath(page, '/charity-signin')
  },
)
