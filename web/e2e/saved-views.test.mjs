/**
 * Saved views (issue 36, section 4), as the main admin uses them on the donor list:
 * - search, sort and a page size on /donor, saved as "Big donors" through the Views panel's
 *   Save view dialog (Enter saves); after a reload the view is listed and marked current;
 * - on the plain /donor, choosing the view (by keyboard: arrows and Enter) shows the saved
 *   search, sort and page size again, on page 1;
 * - Copy link puts the view's full address on the clipboard, and that address opens the view;
 * - the view is deleted through the console's confirmation.
 * The panel fits a phone's width (no sideways scroll); screenshots at 1440 and 390 px.
 * And a view survives a restart of the console (a second console on the same data folder).
 * Twelve donors "… Giver" (made through the API) fill more than one page of ten; "Zed Zimmer"
 * is one the search leaves out.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PHONE,
  RESULTS_DIR,
  api,
  apiSignIn,
  confirmDialog,
  dismissToasts,
  eventually,
  expectPath,
  expectToast,
  newPage,
  screenshots,
  settled,
  setupConsole,
  signIn,
  startConsole,
  step,
  tableRow,
} from './harness.mjs'

const env = setupConsole('saved-views')

const LIST_PATH = '/donor'
const FIRST_NAMES = ['Ava', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou']
/** The view as the URL keeps it (list-state.ts writes its parameters in this order). */
const VIEW = { q: 'Giver', size: '20', sort: 'firstName', order: 'desc' }

const viewsButton = (page) => page.getByRole('button', { name: 'Views', exact: true })
const panel = (page) => page.getByRole('group', { name: 'Saved views of Donor Management' })

/** The list parameters of the page's URL, as an object. */
const listParams = (page) => Object.fromEntries(new URL(page.url()).searchParams)

/** Waits until the donor table, stopped loading, shows these first names, top to bottom. */
async function expectFirstNames(page, expected) {
  const rows = page.getByRole('table', { name: 'Donors' }).locator('tbody tr.ant-table-row')
  let names = []
  await eventually(
    async () => {
      if ((await page.locator('.ant-spin-spinning').count()) > 0) return false
      // The second cell: the first is the row's checkbox.
      names = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.split(' ')[0])
      return JSON.stringify(names) === JSON.stringify(expected)
    },
    { what: `the donor table to show ${expected.join(', ')} (it shows ${names.join(', ')})` },
  ).catch((e) => {
    throw new Error(`${e.message}: the table shows ${names.join(', ')}`)
  })
}

async function openPanel(page) {
  if ((await viewsButton(page).getAttribute('aria-expanded')) !== 'true') await viewsButton(page).click()
  await panel(page).waitFor({ state: 'visible' })
  // Loaded: its views, or the line that says there are none.
  await eventually(async () => (await panel(page).getByText('Loading saved views…').count()) === 0, {
    what: 'the saved views to load',
  })
  return panel(page)
}

step(env, 'save a view of the donor list, reload, choose it again, copy its link and delete it', async () => {
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  for (const [n, firstName] of FIRST_NAMES.entries()) {
    const body = { firstName, lastName: 'Giver', email: `giver${n}@donors.example.org` }
    const res = await api(env, '/admin/user/create', { token: admin.authToken, body })
    assert.equal(res.status, 200, JSON.stringify(res.body))
  }
  const zed = { firstName: 'Zed', lastName: 'Zimmer', email: 'zed@donors.example.org' }
  assert.equal((await api(env, '/admin/user/create', { token: admin.authToken, body: zed })).status, 200)

  const page = await newPage(env)
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseURL })
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  await page.goto(LIST_PATH)
  await tableRow(page, 'Zed Zimmer').waitFor({ state: 'visible' })

  // Search, sort (Name, twice: descending) and 20 a page: all of it in the URL.
  await page.getByPlaceholder('Search by Name or Email').fill('Giver')
  await page.waitForURL((url) => url.searchParams.get('q') === 'Giver')
  await page.locator('.ant-table-column-title', { hasText: 'Name' }).click()
  await page.waitForURL((url) => url.searchParams.get('order') === 'asc')
  await expectFirstNames(page, FIRST_NAMES.slice(0, 10))
  await page.locator('.ant-table-column-title', { hasText: 'Name' }).click()
  await page.waitForURL((url) => url.searchParams.get('order') === 'desc')
  await page.locator('.ant-pagination-options .ant-select').click()
  await page.locator('.ant-select-item-option', { hasText: '20 / page' }).click()
  await page.waitForURL((url) => url.searchParams.get('size') === '20')
  assert.deepEqual(listParams(page), VIEW)
  const saved = [...FIRST_NAMES].reverse()
  await expectFirstNames(page, saved)

  // Save it: the panel says there is none yet; the dialog checks the name first; Enter saves.
  let views = await openPanel(page)
  await views.getByText('No saved views of this list yet').waitFor({ state: 'visible' })
  await screenshots(page, 'saved-views-empty')
  await views.getByRole('button', { name: 'Save view' }).click()
  const save = await settled(page.getByRole('dialog', { name: 'Save view' }))
  await save.getByRole('button', { name: 'Save' }).click()
  await save.getByText('Please enter Name').waitFor({ state: 'visible' })
  await save.getByLabel('Name').fill('Big donors')
  await save.getByLabel('Name').press('Enter')
  await expectToast(page, 'View saved')
  await dismissToasts(page)

  // After a reload the view is listed, and marked as the one shown.
  await page.reload()
  await expectFirstNames(page, saved)
  views = await openPanel(page)
  const bigDonors = views.getByRole('button', { name: 'Big donors', exact: true })
  await bigDonors.waitFor({ state: 'visible' })
  assert.equal(await bigDonors.getAttribute('aria-current'), 'true')
  await screenshots(page, 'saved-views')

  // The plain list, then the view chosen by keyboard: the saved search, sort and size, page 1.
  await page.goto(LIST_PATH)
  await tableRow(page, 'Zed Zimmer').waitFor({ state: 'visible' })
  await viewsButton(page).focus()
  await page.keyboard.press('ArrowDown')
  await panel(page).waitFor({ state: 'visible' })
  await eventually(async () => (await bigDonors.evaluate((el) => el === document.activeElement)) === true, {
    what: 'the first view to take the focus',
  })
  assert.equal(await bigDonors.getAttribute('aria-current'), null, 'the plain list is not the view')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('q') === 'Giver')
  assert.deepEqual(listParams(page), VIEW)
  await eventually(async () => (await page.getByPlaceholder('Search by Name or Email').inputValue()) === 'Giver', {
    what: 'the search box to show the saved search',
  })
  await expectFirstNames(page, saved)
  await expectPath(page, LIST_PATH)

  // Copy link: the view's full address, which opens the same view.
  views = await openPanel(page)
  await views.getByRole('button', { name: 'Copy link' }).click()
  await expectToast(page, 'Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  assert.equal(link, `${env.baseURL}${LIST_PATH}?q=Giver&size=20&sort=firstName&order=desc`)
  await dismissToasts(page)
  await page.goto(link)
  await expectFirstNames(page, saved)

  // At a phone's width (the page loaded there) the control and its panel fit: no sideways scroll.
  await page.setViewportSize(PHONE)
  await page.reload()
  await page.getByText('Lou Giver').first().waitFor({ state: 'visible' })
  views = await openPanel(page)
  await page.screenshot({ path: join(RESULTS_DIR, 'saved-views-390-panel.png') })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 390 px`)
  const box = await views.boundingBox()
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the panel fits the phone: ${JSON.stringify(box)}`)
  await page.setViewportSize({ width: 1366, height: 900 })

  // Delete it, through the console's confirmation.
  await views.getByRole('button', { name: 'Delete view Big donors' }).click()
  await confirmDialog(page, 'Are you sure you want to Delete ?', 'Yes')
  await expectToast(page, 'View deleted')
  views = await openPanel(page)
  await views.getByText('No saved views of this list yet').waitFor({ state: 'visible' })
  const left = await api(env, `/admin/savedViews?list=${LIST_PATH}`, { method: 'GET', token: admin.authToken })
  assert.deepEqual(left.body.data, [])
})

step(env, 'a saved view survives a restart of the console', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gc-e2e-views-'))
  try {
    const first = await startConsole({ DATA_DIR: dataDir })
    try {
      const { authToken } = await apiSignIn(first, ADMIN_EMAIL, ADMIN_PASSWORD)
      const body = { list: LIST_PATH, name: 'Kept', query: 'q=Giver&sort=firstName&order=desc' }
      const saved = await api(first, '/admin/savedViews', { token: authToken, body })
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
    } finally {
      await first.stop()
    }
    const second = await startConsole({ DATA_DIR: dataDir })
    try {
      const { authToken } = await apiSignIn(second, ADMIN_EMAIL, ADMIN_PASSWORD)
      const views = await api(second, `/admin/savedViews?list=${LIST_PATH}`, { method: 'GET', token: authToken })
      assert.equal(views.status, 200, JSON.stringify(views.body))
      assert.deepEqual(
        views.body.data.map((v) => [v.name, v.query]),
        [['Kept', 'q=Giver&sort=firstName&order=desc']],
      )
    } finally {
      await second.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
