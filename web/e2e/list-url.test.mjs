/**
 * A list keeps its state in the URL (issue 12 section 4): the causes list on page 2, then
 * sorted and searched, shows the same rows after a reload, and Back returns step by step to
 * what was shown before. The New Nonprofit tabs keep the chosen tab the same way.
 *
 * Twelve causes made through the API ("Cause 01".."Cause 12") give the list two pages (which
 * two are on page 2 depends on their creation times: the test reads them, then expects them again).
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  eventually,
  expectPath,
  newPage,
  setupConsole,
  signIn,
  step,
  tableRow,
} from './harness.mjs'

const env = setupConsole('list-url')

const CAUSE_PATH = '/master/cause_management'
const NAMES = Array.from({ length: 12 }, (_, i) => `Cause ${String(i + 1).padStart(2, '0')}`)

/** The names in the causes table, top to bottom, once it shows `count` rows and has stopped loading. */
async function shownNames(page, count) {
  const rows = page.getByRole('table', { name: 'Causes' }).locator('tbody tr.ant-table-row')
  let names = []
  await eventually(
    async () => {
      if ((await page.locator('.ant-spin-spinning').count()) > 0) return false
      // The second cell: the first is the row's checkbox.
      names = await rows.locator('td:nth-child(2)').allInnerTexts()
      return names.length === count
    },
    { what: `${count} rows in the causes table` },
  )
  return names
}

/** The list parameters of the page's URL. */
function listParams(page) {
  return Object.fromEntries(new URL(page.url()).searchParams)
}

/** Waits until the URL's list parameters are `expected`. */
async function expectParams(page, expected) {
  const sorted = (entries) => JSON.stringify([...entries].sort(([a], [b]) => a.localeCompare(b)))
  await page.waitForURL((url) => sorted(url.searchParams.entries()) === sorted(Object.entries(expected)))
}

step(
  env,
  'a list on page 2, sorted and searched, shows the same rows after a reload; Back goes back step by step',
  async () => {
    const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
    for (const name of NAMES) {
      const res = await api(env, '/admin/cause/create', { token: admin.authToken, body: { name, description: '' } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
    }
    const page = await newPage(env)
    await page.goto('/signin')
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto(CAUSE_PATH)
    await tableRow(page, 'Cause 1').first().waitFor({ state: 'visible' })
    const firstPage = await shownNames(page, 10)

    await page.locator('.ant-pagination-item-2').click()
    await expectParams(page, { page: '2' })
    const secondPage = await shownNames(page, 2)
    assert.deepEqual([...firstPage, ...secondPage].sort(), NAMES)
    await page.reload()
    assert.deepEqual(await shownNames(page, 2), secondPage)
    assert.equal(await page.locator('.ant-pagination-item-active').innerText(), '2')

    // Sorted by name (page 1 again), then searched: both in the URL, both kept by a reload.
    await page.locator('.ant-table-column-title', { hasText: 'Name' }).click()
    await expectParams(page, { sort: 'name', order: 'asc' })
    assert.deepEqual(await shownNames(page, 10), NAMES.slice(0, 10))
    const search = page.getByPlaceholder('Search by Cause Name')
    await search.fill('Cause 1')
    await expectParams(page, { q: 'Cause 1', sort: 'name', order: 'asc' })
    assert.deepEqual(await shownNames(page, 3), ['Cause 10', 'Cause 11', 'Cause 12'])
    await page.reload()
    assert.deepEqual(await shownNames(page, 3), ['Cause 10', 'Cause 11', 'Cause 12'])
    assert.equal(await search.inputValue(), 'Cause 1')

    // Back: sorted without the search (the box empties), then page 2 of the newest first.
    await page.goBack()
    await expectParams(page, { sort: 'name', order: 'asc' })
    assert.deepEqual(await shownNames(page, 10), NAMES.slice(0, 10))
    assert.equal(await search.inputValue(), '')
    await page.goBack()
    await expectParams(page, { page: '2' })
    assert.deepEqual(await shownNames(page, 2), secondPage)

    // A shared link shows the same rows in a new session.
    const link = new URL(page.url())
    link.search = '?q=Cause+1&sort=name&order=desc'
    const other = await newPage(env)
    await other.goto('/signin')
    await signIn(other, ADMIN_EMAIL, ADMIN_PASSWORD)
    await other.goto(link.pathname + link.search)
    await expectPath(other, CAUSE_PATH)
    assert.deepEqual(await shownNames(other, 3), ['Cause 12', 'Cause 11', 'Cause 10'])
    assert.deepEqual(listParams(other), { q: 'Cause 1', sort: 'name', order: 'desc' })
  },
)

step(env, 'a tab is kept in the URL: a reload stays on it, Back returns to the first tab', async () => {
  const page = env.page
  await page.goto('/master')
  await page.getByRole('tab', { name: 'Pending', selected: true }).waitFor({ state: 'visible' })
  await page.getByRole('tab', { name: 'Rejected' }).click()
  await expectParams(page, { tab: 'rejected' })
  await page.getByRole('table', { name: 'Rejected nonprofits' }).waitFor({ state: 'visible' })
  await page.reload()
  await page.getByRole('tab', { name: 'Rejected', selected: true }).waitFor({ state: 'visible' })
  await page.getByRole('table', { name: 'Rejected nonprofits' }).waitFor({ state: 'visible' })
  await page.goBack()
  await expectParams(page, {})
  await page.getByRole('tab', { name: 'Pending', selected: true }).waitFor({ state: 'visible' })
  await page.getByRole('table', { name: 'Nonprofits waiting for verification' }).waitFor({ state: 'visible' })
})
