/**
 * Search everywhere (issue 36), by keyboard alone: the main admin opens the command palette
 * with Ctrl+K, types a donor's email and Enter opens the donor's view; "/" opens it, the arrows
 * move, Escape closes it and gives the focus back; a sub-admin without donor rights types that
 * donor's email and sees no donor (and no error). Screenshots at 1440 and 390 px.
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  PHONE,
  api,
  apiCreateSubAdmin,
  apiSignIn,
  dismissToasts,
  eventually,
  expectPath,
  newPage,
  screenshots,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const DONOR = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.palette@example.org',
  phoneNumber: '(212) 555-0199',
}
/** A sub-admin who may view transactions, and nothing of donors. */
const TESS = {
  firstName: 'Tess',
  lastName: 'Ledger',
  email: 'tess.ledger@example.org',
  password: 'Ledger@123',
  permissions: [{ slug: '/transaction', actions: ['view'] }],
}

const env = setupConsole('palette', {}, async (env) => {
  const { authToken: token } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const res = await api(env, '/admin/user/create', { token, body: DONOR })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  env.donorId = res.body.data._id
  await apiCreateSubAdmin(env, TESS)
})

const combobox = (page) => page.getByRole('combobox', { name: 'Search everywhere' })
const palette = (page) => page.locator('.ant-modal-wrap:visible [role="dialog"]')
const focused = (locator) => locator.evaluate((el) => el === document.activeElement)
const status = (page) => palette(page).getByRole('status')

/** Waits until the palette's status line reads `text`. */
async function statusIs(page, text) {
  await eventually(async () => (await status(page).innerText()).trim().startsWith(text), {
    what: `the palette to say ${text}`,
  })
}

step(env, 'the main admin finds a donor by email with Ctrl+K, and Enter opens its view', async () => {
  const page = env.page
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  // The header's Search (a chunk fetched as the shell mounts) takes the shortcut once shown.
  await page.getByRole('button', { name: 'Search' }).waitFor()
  await page.keyboard.press('Control+K')
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  await statusIs(page, 'Type at least 2 characters')
  await page.keyboard.type(DONOR.email)
  const donor = palette(page).getByRole('option', { name: /Ada Lovelace/ })
  await donor.waitFor()
  assert.match(await donor.innerText(), /ada\.palette@example\.org · \(212\) 555-0199/)
  assert.equal(await donor.getAttribute('aria-selected'), 'true')
  assert.equal(await combobox(page).getAttribute('aria-activedescendant'), await donor.getAttribute('id'))
  assert.ok(await palette(page).getByRole('group', { name: 'Donors' }).isVisible())
  await page.keyboard.press('Enter')
  await expectPath(page, `/donor/donor_view/${env.donorId}`)
  await page.getByText(DONOR.email).first().waitFor()
  await palette(page).waitFor({ state: 'hidden' })
})

step(env, '"/" opens the palette, the arrows move, Escape closes it and gives the focus back', async () => {
  const page = env.page
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Search' }).waitFor()
  await dismissToasts(page)
  // "/" from the page (the focus on no text field).
  await page.locator('body').press('/')
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  await page.keyboard.type('donor')
  // Screens at once, from the menu; the donor list among them.
  const screensGroup = palette(page).getByRole('group', { name: 'Screens' })
  await screensGroup.getByRole('option', { name: 'Donor Management' }).waitFor()
  const first = await combobox(page).getAttribute('aria-activedescendant')
  await page.keyboard.press('ArrowDown')
  const second = await combobox(page).getAttribute('aria-activedescendant')
  assert.notEqual(second, first)
  assert.equal(await page.locator(`[id="${second}"]`).getAttribute('aria-selected'), 'true')
  await page.keyboard.press('ArrowUp')
  assert.equal(await combobox(page).getAttribute('aria-activedescendant'), first)
  await page.keyboard.press('Escape')
  await palette(page).waitFor({ state: 'hidden' })
  // From the header's button, by keyboard: Escape gives the focus back to it.
  const button = page.getByRole('button', { name: 'Search' })
  await button.focus()
  await page.keyboard.press('Enter')
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  await page.keyboard.type('nothing matches this')
  await statusIs(page, 'No results')
  await page.keyboard.press('Escape')
  await palette(page).waitFor({ state: 'hidden' })
  await eventually(() => focused(button), { what: 'the focus back on the Search button' })
  // A "/" typed in a text field is a character, not the palette.
  await page.keyboard.press('Control+K')
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  await page.keyboard.type('a/b')
  assert.equal(await combobox(page).inputValue(), 'a/b')
  await page.keyboard.press('Escape')
  await palette(page).waitFor({ state: 'hidden' })
})

step(env, 'the palette at 1440 and 390 px', async () => {
  const page = env.page
  await page.setViewportSize(DESKTOP)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Search' }).waitFor()
  await dismissToasts(page)
  await screenshots(page, 'palette-header')
  await page.getByRole('button', { name: 'Search' }).click()
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  await page.keyboard.type('ad')
  await palette(page)
    .getByRole('option', { name: /Ada Lovelace/ })
    .waitFor()
  await screenshots(page, 'palette-results')
  // On a phone the header keeps its Search button (its icon), and the palette takes the width.
  await page.setViewportSize(PHONE)
  const box = await palette(page).boundingBox()
  assert.ok(box && box.width >= PHONE.width - 2, `the palette is ${box?.width} px wide on a phone`)
  await page.keyboard.press('Escape')
  await palette(page).waitFor({ state: 'hidden' })
  const button = page.getByRole('button', { name: 'Search' })
  assert.ok(await button.isVisible(), 'the Search button shows on a phone')
  await page.setViewportSize(DESKTOP)
})

step(env, 'a sub-admin without donor rights types the donor’s email and sees no donor, and no error', async () => {
  const page = await newPage(env, { viewport: DESKTOP })
  await page.goto('/signin')
  await signIn(page, TESS.email, TESS.password, '/transaction')
  await dismissToasts(page)
  // The header's Search (a chunk fetched as the shell mounts) takes the shortcut once shown.
  await page.getByRole('button', { name: 'Search' }).waitFor()
  await page.keyboard.press('Control+K')
  await eventually(() => focused(combobox(page)), { what: 'the palette focused' })
  for (const text of [DONOR.email, DONOR.phoneNumber, 'Lovelace']) {
    await combobox(page).fill('')
    await page.keyboard.type(text)
    await statusIs(page, 'No results')
    assert.equal(await palette(page).getByRole('option').count(), 0, text)
    assert.doesNotMatch(await palette(page).innerText(), /Ada|Lovelace|donor|could not/i, text)
  }
  // The answers were successes naming no donor group, and no toast said anything.
  const searches = env.requests.filter((r) => new URL(r.url).pathname === '/admin/search')
  assert.ok(searches.length >= 3, `the palette asked (${searches.length})`)
  assert.ok(
    searches.every((r) => r.status === 200 || r.status === null || String(r.status).startsWith('failed')),
    JSON.stringify(searches),
  )
  const answer = await page.evaluate(
    async ([q, key]) => {
      const token = JSON.parse(localStorage.getItem(key)).state.user.authToken
      const res = await fetch(`/admin/search?q=${encodeURIComponent(q)}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      return res.json()
    },
    [DONOR.email, 'giving-console-session'],
  )
  assert.deepEqual(
    answer.data.groups.map((g) => g.kind),
    ['transaction'],
  )
  assert.equal(await page.locator('.ant-notification-notice').count(), 0, 'no toast')
})
