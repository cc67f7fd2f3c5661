/**
 * Nonprofit admins (issue 11, section 5): the main admin sends a nonprofit's admin contact its
 * invitation from the nonprofit's view; the link read from DATA_DIR/mail sets the password on
 * /set_password/...; the nonprofit admin signs in at /charity-signin, lands on its own
 * nonprofit, edits the description, and is refused another nonprofit (on screen, and 403 from
 * the API). A used or superseded link is refused. Its dashboard (issue 32) shows its own
 * nonprofit's figures, not the platform's: the console starts with the demo data set (harness
 * DEMO), so the platform has donations; the new nonprofit has none, and a demo nonprofit's
 * admin sees what was given to that nonprofit alone. Screenshots of the set-password screen,
 * the landing screen and the dashboard at 1440x900 and 390x844 go to web/test-results/.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO,
  RESULTS_DIR,
  api,
  apiCreateNonprofit,
  apiSignIn,
  apiUploadLogo,
  dismissToasts,
  expectPath,
  expectText,
  expectToast,
  fetchFromPage,
  mailFiles,
  mainMenu,
  menuTitles,
  newPage,
  setupConsole,
  signIn,
  signOut,
  step,
  waitForMailLink,
} from './harness.mjs'

const env = setupConsole('charity-admin', DEMO)

const NPO = { email: 'nia@clearwater.example.org', password: 'Wells@123' }
const CLEARWATER = {
  charityName: 'Clearwater Wells',
  taxId: '21-2345678',
  adminFirstName: 'Nia',
  adminLastName: 'Owner',
  adminEmail: NPO.email,
}
const OTHER = { charityName: 'Lakeside Food Pantry', taxId: '31-3456789' }
/** A nonprofit of the demo data set (catalogue demo.rs: admin@<name's letters>.example.org), with donations. */
const DEMO_NPO = { charityName: 'Harbor Food Bank', email: 'admin@harborfoodbank.example.org', password: 'Harbor@123' }
const DESCRIPTION = 'We dig wells in twelve villages.'
const INVALID_LINK = 'This invitation link is invalid or has expired.'
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]

let setup = null

/** Two nonprofits (approved by being added) through the API, once. */
async function ensureSetup() {
  if (setup) return setup
  const { authToken: token } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const category = await api(env, '/admin/charity-category/create', { token, body: { name: 'Water', description: '' } })
  assert.equal(category.status, 200, JSON.stringify(category.body))
  // (The demo data set has a cause 'Clean Water' already.)
  const cause = await api(env, '/admin/cause/create', { token, body: { name: 'Village Wells', description: '' } })
  assert.equal(cause.status, 200, JSON.stringify(cause.body))
  const ids = { categoryId: category.body.data._id, causeId: cause.body.data._id }
  // A stored file belongs to one record: each nonprofit gets its own logo.
  const own = await apiCreateNonprofit(env, token, { ...CLEARWATER, ...ids, logo: await apiUploadLogo(env, token) })
  const other = await apiCreateNonprofit(env, token, { ...OTHER, ...ids, logo: await apiUploadLogo(env, token) })
  setup = { own: own._id, other: other._id }
  return setup
}

/** Screenshots of the page opened at each size (as on that screen), named `<name>-<width>x<height>.png`. */
async function screenshots(page, name, ready) {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.reload()
    await ready()
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${size.width}x${size.height}.png`), fullPage: true })
  }
  await page.setViewportSize(SIZES[0])
}

/** Fills the set-password form and presses Set Password. */
async function setPassword(page, link, password) {
  await page.goto(link)
  await expectPath(page, /^\/set_password\//)
  await page.getByLabel('New Password').fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Set Password' }).click()
}

let links = null

step(env, 'approval invites the admin contact; the main admin sends it again from the view', async () => {
  const { own } = await ensureSetup()
  // Added (so approved): the first invitation is mailed by itself.
  const first = await waitForMailLink(env, NPO.email, '/set_password/')

  const page = await newPage(env)
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto(`/master/charity_views?id=${own}`)
  await expectText(page, CLEARWATER.charityName)
  const seen = mailFiles(env)
  await page.getByRole('button', { name: 'Invite Admin' }).click()
  await expectToast(page, `Invitation sent to ${NPO.email}`)
  const second = await waitForMailLink(env, NPO.email, '/set_password/', seen)
  assert.notEqual(second.link, first.link)
  assert.match(second.link, new RegExp(`^${env.baseURL}/set_password/[0-9a-f]{64}$`))
  assert.match(second.text, /Clearwater Wells/)
  await dismissToasts(page)
  await signOut(page)
  links = { first: first.link, second: second.link }
})

step(env, 'the link sets the password once; a superseded or used link is refused', async () => {
  assert.ok(links, 'the invitation step ran')
  const page = await newPage(env)

  // The first link was replaced by the resend.
  await setPassword(page, links.first, NPO.password)
  await expectToast(page, INVALID_LINK)
  await expectPath(page, /^\/set_password\//)
  await dismissToasts(page)

  await page.goto(links.second)
  await expectText(page, 'Set Password', { selector: 'h4' })
  await screenshots(page, 'charity-admin-set-password', () =>
    page.getByRole('button', { name: 'Set Password' }).waitFor(),
  )
  // The reset screen's rules.
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expectText(page, 'New Password is required')

  await setPassword(page, links.second, NPO.password)
  await expectToast(page, 'Your password has been set. Please sign in.')
  await expectPath(page, '/charity-signin')
  await dismissToasts(page)

  await setPassword(page, links.second, 'Another@123')
  await expectToast(page, INVALID_LINK)
  await expectPath(page, /^\/set_password\//)
})

step(env, 'the nonprofit admin signs in, sees only its own nonprofit, edits it, and is refused another', async () => {
  const { own, other } = await ensureSetup()
  const page = await newPage(env)
  await signIn(page, NPO.email, NPO.password, '/my_nonprofit', '/charity-signin')
  await expectText(page, CLEARWATER.charityName)
  assert.deepEqual(await menuTitles(page), ['Dashboard', 'My Nonprofit'])
  await dismissToasts(page)
  await screenshots(page, 'charity-admin-landing', () => expectText(page, 'Nonprofit Details'))

  // Edit the description and save: back on its nonprofit, approval kept.
  await page.getByRole('button', { name: 'Edit' }).click()
  await expectPath(page, `/master/charity_edit/${own}`)
  await expectText(
    page,
    'A change of the Tax ID or of the payment methods sends the nonprofit back to the main admin for approval.',
  )
  const box = page.getByRole('textbox', { name: 'Description', exact: true })
  await box.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(DESCRIPTION)
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Nonprofit updated successfully')
  await expectPath(page, '/my_nonprofit')
  await expectText(page, DESCRIPTION)
  await expectText(page, 'Approved')

  // Another nonprofit's id: a clear refusal on screen, and 403 from the API.
  await page.goto(`/master/charity_edit/${other}`)
  await expectText(page, 'You are not allowed to do this', { selector: '[data-outcome] h3' })
  const res = await fetchFromPage(page, `/admin/charity/get/${other}`, { method: 'GET' })
  assert.equal(res.status, 403)
  assert.equal(res.body.code, 'FORBIDDEN')
  // Nor any list of nonprofits.
  const list = await fetchFromPage(page, '/admin/charity/charityList', { body: { page: 1, limit: 10 } })
  assert.equal(list.status, 403)
  await page.goto('/master/charity_management')
  await expectPath(page, '/my_nonprofit')
})

const card = (page, title) =>
  page
    .locator('.gc-card')
    .filter({ has: page.locator('.gc-card-title', { hasText: new RegExp(`^\\s*${title}\\s*$`) }) })
/** The value a card's statistic shows, thousands commas removed. */
async function statistic(scope, title) {
  const value = scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
  return (await value.locator('.ant-statistic-content').innerText()).replace(/,/g, '')
}
const dollars = (cents) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/** The dashboard's donations and engagement cards show `figures` (a nonprofit admin's dashboard-data). */
async function expectOwnFigures(page, figures) {
  const donations = card(page, `Donations to ${figures.nonprofit.charityName}`)
  await donations.locator('.ant-statistic').first().waitFor({ state: 'visible' })
  assert.equal(await statistic(donations, 'Donors'), String(figures.giving.donors))
  assert.equal(await statistic(donations, 'Donations'), String(figures.giving.donations))
  assert.equal(await statistic(donations, 'Amount Received'), dollars(figures.giving.amountCents))
  assert.equal(await statistic(donations, 'Active Subscriptions'), String(figures.giving.activeSubscriptions))
  const engagement = card(page, 'Events and Communities')
  assert.equal(await statistic(engagement, 'Events Hosted'), String(figures.engagement.events))
  assert.equal(await statistic(engagement, 'Communities'), String(figures.engagement.communities))
  // None of the platform's cards.
  for (const title of ['Giving', 'Giving Partners', 'Nonprofits', 'Sub Admins', 'Nonprofits by Month']) {
    assert.equal(await card(page, title).count(), 0, `no ${title} card`)
  }
  for (const title of ['Donors and Donations by Month', 'Amount Received by Month']) {
    await card(page, title).locator('svg.recharts-surface').first().waitFor({ state: 'visible' })
  }
}

step(env, 'a nonprofit admin’s dashboard shows its own nonprofit’s figures, not the platform’s', async () => {
  const { own } = await ensureSetup()
  const { authToken } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const platform = (await api(env, '/admin/dashboard/dashboard-data', { method: 'GET', token: authToken })).body.data
  assert.ok(platform.giving.donations > 0, 'the demo data set holds donations')

  // Clearwater Wells (added by this test): nothing given to it yet, whatever the platform holds.
  const page = await newPage(env)
  await signIn(page, NPO.email, NPO.password, '/my_nonprofit', '/charity-signin')
  await dismissToasts(page)
  await mainMenu(page).getByText('Dashboard', { exact: true }).click()
  await expectPath(page, '/dashboard')
  const mine = (await fetchFromPage(page, '/admin/dashboard/dashboard-data', { method: 'GET' })).body.data
  assert.deepEqual(mine.nonprofit, { _id: own, charityName: CLEARWATER.charityName, adminVerification: 'Approve' })
  assert.deepEqual(mine.giving, { donors: 0, donations: 0, amountCents: 0, activeSubscriptions: 0 })
  assert.equal(mine.catalogue, undefined)
  await expectOwnFigures(page, mine)
  assert.equal(await statistic(card(page, `Donations to ${CLEARWATER.charityName}`), 'Amount Received'), '$0.00')
  const names = await fetchFromPage(page, '/admin/charity/getAll', { body: {} })
  assert.deepEqual(names.body.data, [{ _id: own, charityName: CLEARWATER.charityName }])
  await signOut(page)

  // A demo nonprofit's admin (invited when the demo data approved it): what was given to it.
  const { link } = await waitForMailLink(env, DEMO_NPO.email, '/set_password/')
  await setPassword(page, link, DEMO_NPO.password)
  await expectToast(page, 'Your password has been set. Please sign in.')
  await dismissToasts(page)
  await signIn(page, DEMO_NPO.email, DEMO_NPO.password, '/my_nonprofit', '/charity-signin')
  await dismissToasts(page)
  await page.goto('/dashboard')
  const theirs = (await fetchFromPage(page, '/admin/dashboard/dashboard-data', { method: 'GET' })).body.data
  assert.equal(theirs.nonprofit.charityName, DEMO_NPO.charityName)
  assert.deepEqual(theirs.unavailable, [])
  assert.ok(
    theirs.giving.donations > 0 && theirs.giving.donations < platform.giving.donations,
    JSON.stringify({ theirs, platform }),
  )
  assert.ok(theirs.giving.amountCents < platform.giving.amountCents)
  await expectOwnFigures(page, theirs)
  const graph = card(page, 'Amount Received by Month')
  assert.ok((await graph.locator('.recharts-bar-rectangle').count()) > 0, 'its months draw bars')
  await screenshots(page, 'charity-admin-dashboard', async () => {
    await card(page, `Donations to ${DEMO_NPO.charityName}`).locator('.ant-statistic').first().waitFor()
    for (const title of ['Donors and Donations by Month', 'Amount Received by Month']) {
      await card(page, title).locator('.recharts-bar-rectangle').first().waitFor()
    }
  })
})
