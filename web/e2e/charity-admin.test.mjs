/**
 * Nonprofit admins (issue 11, section 5): the main admin sends a nonprofit's admin contact its
 * invitation from the nonprofit's view; the link read from DATA_DIR/mail sets the password on
 * /set_password/...; the nonprofit admin signs in at /charity-signin, lands on its own
 * nonprofit, edits the description, and is refused another nonprofit (on screen, and 403 from
 * the API). A used or superseded link is refused. Screenshots of the set-password screen and
 * the landing screen at 1440x900 and 390x844 go to web/test-results/.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
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
  menuTitles,
  newPage,
  setupConsole,
  signIn,
  signOut,
  step,
  waitForMailLink,
} from './harness.mjs'

const env = setupConsole('charity-admin')

const NPO = { email: 'nia@clearwater.example.org', password: 'Wells@123' }
const CLEARWATER = { charityName: 'Clearwater Wells', taxId: '21-2345678', adminFirstName: 'Nia', adminLastName: 'Owner', adminEmail: NPO.email }
const OTHER = { charityName: 'Harbor Food Bank', taxId: '31-3456789' }
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
  const cause = await api(env, '/admin/cause/create', { token, body: { name: 'Clean Water', description: '' } })
  assert.equal(cause.status, 200, JSON.stringify(cause.body))
  const logo = await apiUploadLogo(env, token)
  const ids = { categoryId: category.body.data._id, causeId: cause.body.data._id, logo }
  const own = await apiCreateNonprofit(env, token, { ...CLEARWATER, ...ids })
  const other = await apiCreateNonprofit(env, token, { ...OTHER, ...ids })
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
  await screenshots(page, 'charity-admin-set-password', () => page.getByRole('button', { name: 'Set Password' }).waitFor())
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
  await expectText(page, 'A change of the Tax ID or of the payment methods sends the nonprofit back to the main admin for approval.')
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
  await expectText(page, 'You are not allowed to do this', { selector: '.ant-result-title' })
  const res = await fetchFromPage(page, `/admin/charity/get/${other}`, { method: 'GET' })
  assert.equal(res.status, 403)
  assert.equal(res.body.code, 'FORBIDDEN')
  // Nor any list of nonprofits.
  const list = await fetchFromPage(page, '/admin/charity/charityList', { body: { page: 1, limit: 10 } })
  assert.equal(list.status, 403)
  await page.goto('/master/charity_management')
  await expectPath(page, '/my_nonprofit')
})
