/**
 * Badges and service charges (issue 13 section 7): the badge list shows each rule in words,
 * a badge's threshold is edited (dollars on screen, cents on the wire); the service charge is
 * changed through its screen, a bad value is refused on its field, and the history shows the
 * change. The console starts with the demo data set (harness DEMO).
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  newPage,
  openMenuEntry,
  setupConsole,
  signIn,
  step,
  tableRow,
  DEMO,
} from './harness.mjs'

const env = setupConsole('badges-charges', DEMO, prepare)
const SETTINGS_ID = '5f5b1c2d3e4f5a6b7c8d9e0f'

let token = ''
let moneyBadge = null

/** After the console starts (setupConsole), before the first step. */
async function prepare() {
  token = (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
  const res = await api(env, '/admin/badge/badgeList', {
    token,
    body: { page: 1, limit: 50, search: '', column: 'name', order: 'asc' },
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  moneyBadge = res.body.data.find((b) => b.rule === 'totalGiven')
  assert.ok(moneyBadge, 'the demo data holds a total-given badge')
}

step(env, 'the badge list says each rule in words; a money threshold is edited in dollars', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await openMenuEntry(page, 'Badge Management')
  await expectPath(page, '/badge')
  const row = tableRow(page, moneyBadge.name).first()
  await row.getByText(/^Total given at least \$[\d,]+\.\d\d$/).waitFor({ state: 'visible' })

  await row.getByRole('link', { name: `Edit ${moneyBadge.name}` }).click()
  await expectPath(page, `/badge/badge_edit/${moneyBadge._id}`)
  const threshold = page.getByLabel('Threshold (USD)')
  await threshold.fill('0')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectFieldErrors(page, ['Please enter an amount greater than 0 (at most two decimals)'])
  await threshold.fill('2,500.75')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Badge updated successfully')
  await expectPath(page, '/badge')
  await tableRow(page, moneyBadge.name)
    .first()
    .getByText('Total given at least $2,500.75')
    .waitFor({ state: 'visible' })
  const saved = await api(env, `/admin/badge/findBadge/${moneyBadge._id}`, { method: 'GET', token })
  assert.equal(saved.body.data.threshold, 250075)
})

step(
  env,
  'the service charge: a bad value is refused on its field, a good one is saved and shows in the history',
  async () => {
    const page = env.page
    await openMenuEntry(page, 'Service Charges')
    await expectPath(page, '/manage_service_charges')
    const charge = page.getByLabel('Service Charge (%)')
    await charge.fill('101')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectFieldErrors(page, ['Service Charge must be between 0 and 100'])

    await charge.fill('3.25')
    // Corrected, the field no longer shows the server's message.
    await page
      .locator('#serviceCharge_help')
      .getByText('Service Charge must be between 0 and 100')
      .waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Service charges updated successfully')
    await expectText(page, '5% → 3.25%')
    const res = await api(env, `/admin/setting-master/${SETTINGS_ID}`, { method: 'GET', token })
    assert.equal(res.body.data.serviceCharge, 3.25)
    assert.equal(res.body.data.history[0].newServiceCharge, 3.25)
    // Cancel leads home.
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expectPath(page, '/dashboard')
  },
)
