/**
 * The dashboard (issue 13 section 7): on a console started with the demo data set (harness
 * DEMO) the summary cards show the figures the BFF gives, and both year graphs draw their
 * months with a legend; another year can be chosen.
 */
import assert from 'node:assert/strict'
import {
  DEMO,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  expectPath,
  newPage,
  screenshots,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const env = setupConsole('dashboard', DEMO, prepare)

let figures = null

/** After the console starts (setupConsole), before the first step. */
async function prepare() {
  const { authToken } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const res = await api(env, '/admin/dashboard/dashboard-data', { method: 'GET', token: authToken })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  figures = res.body.data
  assert.deepEqual(figures.unavailable, [])
  assert.ok(figures.giving.donors > 0 && figures.catalogue.nonprofits >= 0)
}

const card = (page, title) =>
  page
    .locator('.gc-card')
    .filter({ has: page.locator('.gc-card-title', { hasText: new RegExp(`^\\s*${title}\\s*$`) }) })
const statistic = (scope, title) =>
  scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })

step(env, 'the cards show the seeded figures', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await expectPath(page, '/dashboard')
  const giving = card(page, 'Giving')
  const donors = statistic(giving, 'Donors').locator('.ant-statistic-content')
  await donors.waitFor({ state: 'visible' })
  assert.equal((await donors.innerText()).replace(/,/g, ''), String(figures.giving.donors))
  const amount = await statistic(giving, 'Amount Given').locator('.ant-statistic-content').innerText()
  const cents = figures.giving.amountCents
  assert.equal(amount, `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`)
  const pending = await statistic(card(page, 'Giving Partners'), 'Pending Partners')
    .locator('.ant-statistic-content')
    .innerText()
  assert.equal(pending, String(figures.giving.pendingPartners))
  const nonprofits = await statistic(card(page, 'Nonprofits'), 'Total Nonprofits')
    .locator('.ant-statistic-content')
    .innerText()
  assert.equal(nonprofits.replace(/,/g, ''), String(figures.catalogue.nonprofits))
})

step(env, 'both graphs draw the year by month, and another year can be chosen', async () => {
  const page = env.page
  for (const [title, legend] of [
    ['Donors by Month', 'New Donors'],
    ['Nonprofits by Month', 'New Nonprofits'],
  ]) {
    const graph = card(page, title)
    await graph.locator('svg.recharts-surface').first().waitFor({ state: 'visible' })
    await graph.getByText(legend, { exact: true }).waitFor({ state: 'visible' })
    await graph.getByText('Jan', { exact: true }).waitFor({ state: 'visible' })
    assert.ok((await graph.locator('.recharts-bar-rectangle').count()) > 0, `${title} draws bars`)
  }
  const year = new Date().getUTCFullYear()
  const answer = page.waitForResponse(
    (r) => r.url().includes(`yearGraphDashboardUser?year=${year - 1}`) && r.status() === 200,
  )
  await card(page, 'Donors by Month').getByLabel('Year of Donors by Month').click()
  await page.getByTitle(String(year - 1), { exact: true }).click()
  await answer
  await card(page, 'Donors by Month').locator('svg.recharts-surface').first().waitFor({ state: 'visible' })
  await screenshots(page, 'dashboard')
})
