/**
 * The layout and navigation a first-time user meets (issue 12 section 5), on a phone
 * (390x844) and a laptop (1440x900):
 * - on a phone a list's title wraps, a "More columns" hint says that Status and Action sit to
 *   the right and scrolls there while the name stays in view; the sub-admin permission matrix
 *   keeps its module column and scrolls its checkboxes into view the same way; the drawer opens
 *   with the current page's group open;
 * - New Nonprofit's Rejected tab shows the status as a tag, the reason behind a Reason action;
 * - long menu titles wrap (nothing cut) and carry their full text as a tooltip; the collapsed
 *   menu marks the group of the current page;
 * - /test is the main admin's only, and a sub-admin sent away from a page is told why.
 * Screenshots of every screen checked go to web/test-results/layout-*.png.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  PHONE,
  RESULTS_DIR,
  api,
  apiCreateNonprofit,
  apiCreateSubAdmin,
  apiNonprofitBasics,
  apiUploadLogo,
  apiSignIn,
  dismissToasts,
  eventually,
  expectPath,
  expectToast,
  mainMenu,
  menuGroup,
  newPage,
  openDialog,
  openDropdown,
  settled,
  setupConsole,
  signIn,
  statusSwitch,
  step,
  tableRow,
} from './harness.mjs'

const env = setupConsole('layout')

const LONG_NAME = 'Greater Springfield Community Food Bank Association'
const SHORT_NAME = 'Alpha Arts Alliance'
const REJECT_REASON = 'The Tax ID does not match the IRS letter.'
const CAUSES = 'Causes/Affiliations Management'
const NO_ACCESS = 'You do not have access to that page'
/** The theme's primary colour (#1f6f5c), as the browser reports a background. */
const PRIMARY = 'rgb(31, 111, 92)'
const SAM = { firstName: 'Sam', lastName: 'Lister', email: 'sam.lister@example.org', password: 'Lister@123' }

let setup = null

/** A category, a cause, an approved nonprofit and a rejected one, made through the API once. */
async function ensureSetup() {
  if (setup) return setup
  const { authToken: token } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const common = await apiNonprofitBasics(env, token, { category: 'Community Food', cause: 'Hunger Relief' })
  await apiCreateNonprofit(env, token, { ...common, charityName: SHORT_NAME, taxId: '11-1111111' })
  // A stored file belongs to one record: the second nonprofit gets its own logo.
  const rejected = await apiCreateNonprofit(env, token, {
    ...common,
    logo: await apiUploadLogo(env, token),
    charityName: LONG_NAME,
    taxId: '22-2222222',
  })
  const reject = await api(env, '/admin/charity/changeVerification', {
    token,
    body: { charityId: rejected._id, adminVerification: 'Reject', rejectReason: REJECT_REASON },
  })
  assert.equal(reject.status, 200, JSON.stringify(reject.body))
  await apiCreateSubAdmin(env, { ...SAM, permissions: [{ slug: '/sub_admin', actions: ['view'] }] })
  setup = { token }
  return setup
}

async function signInAt(viewport, email = ADMIN_EMAIL, password = ADMIN_PASSWORD, landing = '/dashboard') {
  const page = await newPage(env, { viewport })
  await page.goto('/signin')
  await signIn(page, email, password, landing)
  await dismissToasts(page)
  return page
}

async function shot(page, name) {
  await page.screenshot({ path: join(RESULTS_DIR, `layout-${name}.png`), fullPage: true })
}

/**
 * The left and right edges of an element on the page, once it is laid out: a list's rows are
 * drawn again when its selection code arrives, and an element found just before is then gone
 * (the locator finds the new one on the next try).
 */
async function span(locator) {
  let box = null
  await eventually(async () => (box = await locator.boundingBox()) !== null, { what: 'the element laid out' })
  return { left: box.x, right: box.x + box.width }
}

/** Whether `locator` lies wholly inside the visible part of the scrolling box `frame`. */
async function shownIn(locator, frame) {
  const [inner, outer] = [await span(locator), await span(frame)]
  return inner.left >= outer.left - 1 && inner.right <= outer.right + 1
}

/** The scrolling box of the (first) table on the page. */
const scroller = (page) => page.locator('.ant-table-content').first()
const moreColumns = (page) => page.getByRole('button', { name: 'More columns', exact: true })

/** The card title shows whole: not cut short with an ellipsis. */
async function assertTitleWhole(page, title) {
  const head = page.locator('.gc-card-title').first()
  await head.getByText(title, { exact: true }).waitFor({ state: 'visible' })
  const fits = await head.evaluate((el) => el.scrollWidth <= el.clientWidth)
  assert.ok(fits, `the title '${title}' fits its card head`)
}

/** Presses "More columns" until no column is left to the right. */
async function scrollToLastColumn(page) {
  await moreColumns(page).waitFor({ state: 'visible' })
  await eventually(
    async () => {
      if (!(await moreColumns(page).isVisible())) return true
      await moreColumns(page).click()
      return false
    },
    { interval: 400, what: 'the last column in view' },
  )
}

/** Whether `locator` lies wholly inside the phone's screen, left to right. */
async function onScreen(page, locator) {
  const { left, right } = await span(locator)
  const width = page.viewportSize().width
  return left >= -1 && right <= width + 1
}

step(
  env,
  'on a phone a list wraps its title and shows each row as a card, its status and actions in view',
  async () => {
    await ensureSetup()
    const page = await signInAt(PHONE)
    await page.goto('/master/charity_management')
    const row = tableRow(page, SHORT_NAME)
    await row.waitFor({ state: 'visible' })
    await assertTitleWhole(page, 'Nonprofit Management')
    await page.getByRole('button', { name: 'Add New Nonprofit' }).waitFor({ state: 'visible' })

    // The name heads the card; the switch and the actions sit in it, on the screen, no sideways scroll.
    assert.equal((await row.getByRole('rowheader').innerText()).trim(), SHORT_NAME)
    for (const control of [
      statusSwitch(page, SHORT_NAME),
      row.getByRole('link', { name: `View ${SHORT_NAME}` }),
      row.getByRole('link', { name: `Edit ${SHORT_NAME}` }),
    ]) {
      await control.waitFor({ state: 'visible' })
      assert.ok(await onScreen(page, control), 'a row action is on the screen')
    }
    assert.equal(await moreColumns(page).count(), 0, 'no columns hidden to the right')
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
    assert.equal(wide, false, 'the page does not scroll sideways')
    await shot(page, 'phone-list')

    // Sorting is a select on a phone; it is kept in the URL as a column header's sort is.
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await (
      await settled(openDropdown(page))
    )
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Nonprofit Name, ascending$/ })
      .click()
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'charityName' && url.searchParams.get('order') === 'asc',
    )
    await row.waitFor({ state: 'visible' })
  },
)

step(
  env,
  'on a phone the permission matrix keeps the module in view and scrolls its checkboxes into view',
  async () => {
    await ensureSetup()
    const page = await signInAt(PHONE)
    await page.goto('/sub_admin/sub_admin_add')
    await assertTitleWhole(page, 'Add Sub Admin')
    const matrix = page.getByTestId('permission-matrix')
    const all = matrix.getByRole('checkbox', { name: 'Sub Admin: all' })
    await all.waitFor({ state: 'attached' })
    const frame = matrix.locator('.ant-table-content')
    assert.equal(await shownIn(all, frame), false, "the 'All' column starts off-screen")
    await matrix.getByRole('button', { name: 'More columns', exact: true }).waitFor({ state: 'visible' })
    await shot(page, 'phone-matrix')

    await scrollToLastColumn(page)
    await eventually(async () => shownIn(all, frame), { what: "the 'All' checkbox in view" })
    const module = matrix
      .locator('tr')
      .filter({ has: page.getByRole('checkbox', { name: 'Sub Admin: all' }) })
      .getByText('Sub Admin', { exact: true })
    assert.ok(await shownIn(module, frame), 'the module name stays in view')
    await all.check()
    assert.equal(await matrix.getByRole('checkbox', { name: 'Sub Admin: view' }).isChecked(), true)
    await shot(page, 'phone-matrix-scrolled')
  },
)

step(env, "on a phone the drawer opens with the current page's group open and the page marked", async () => {
  await ensureSetup()
  const page = await signInAt(PHONE)
  await page.goto('/master/cause_management')
  await page.getByPlaceholder('Search by Cause Name').waitFor({ state: 'visible' })
  await page.getByRole('button', { name: 'Open menu' }).click()
  const group = menuGroup(page, 'Master Management')
  await group.waitFor({ state: 'visible' })
  assert.equal(await group.getAttribute('aria-expanded'), 'true')
  const entry = mainMenu(page).getByRole('menuitem').filter({ hasText: CAUSES })
  await entry.waitFor({ state: 'visible' })
  assert.ok(await entry.evaluate((el) => el.classList.contains('ant-menu-item-selected')), 'the current page is marked')
  await shot(page, 'phone-drawer')

  // Another page from the drawer: it closes, and opens again on that page's group.
  await mainMenu(page).getByRole('menuitem').filter({ hasText: 'Nonprofit Category' }).click()
  await expectPath(page, '/master/charity_category_management')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await group.waitFor({ state: 'visible' })
  assert.equal(await group.getAttribute('aria-expanded'), 'true')
})

step(env, 'the Rejected tab shows the status as a tag; Reason shows why (phone and laptop)', async () => {
  await ensureSetup()
  for (const [name, viewport] of [
    ['laptop', DESKTOP],
    ['phone', PHONE],
  ]) {
    const page = await signInAt(viewport)
    await page.goto('/master')
    await page.getByRole('tab', { name: 'Rejected' }).click()
    const row = tableRow(page, LONG_NAME)
    await row.waitFor({ state: 'visible' })
    await row.locator('.ant-tag').getByText('Rejected', { exact: true }).waitFor({ state: 'attached' })
    assert.equal(await row.getByRole('button', { name: 'Reject', exact: true }).count(), 0, 'no Reject link')
    const tag = row.locator('.ant-tag')
    if (viewport === PHONE) assert.ok(await onScreen(page, tag), 'the status tag is on the screen')
    else await eventually(async () => shownIn(tag, scroller(page)), { what: 'the status tag in view' })
    await shot(page, `${name}-rejected`)
    await row.getByRole('button', { name: `Rejected reason of ${LONG_NAME}` }).click()
    const reason = await openDialog(page, 'Rejected Reason')
    assert.equal(await reason.getByLabel('Reason', { exact: true }).inputValue(), REJECT_REASON)
  }
})

step(
  env,
  'long menu titles wrap with the full title as a tooltip; the collapsed menu marks the current group',
  async () => {
    await ensureSetup()
    const page = await signInAt(DESKTOP)
    await page.goto('/master/cause_management')
    const entry = mainMenu(page).getByRole('menuitem').filter({ hasText: CAUSES })
    await entry.waitFor({ state: 'visible' })
    const title = entry.locator('.ant-menu-title-content')
    assert.equal(await title.innerText(), CAUSES)
    assert.ok(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the menu title is not cut')
    assert.equal(await entry.getByRole('link').getAttribute('title'), CAUSES)
    await shot(page, 'laptop-menu')

    await page.getByRole('button', { name: 'Close menu' }).click()
    const group = page.locator('.gc-main-menu.ant-menu-inline-collapsed > .ant-menu-submenu').first()
    await group.waitFor({ state: 'visible' })
    assert.ok(
      await group.evaluate((el) => el.classList.contains('ant-menu-submenu-selected')),
      'the group holds the page',
    )
    // Marked as a current entry is: in the theme's primary colour (once its transition ends).
    const background = (el) =>
      el.evaluate((node) => getComputedStyle(node.querySelector('.ant-menu-submenu-title')).backgroundColor)
    await eventually(async () => (await background(group)) === PRIMARY, { what: 'the current group marked' })
    // Another page outside the group, from the collapsed menu: the group is no longer marked.
    await mainMenu(page).getByRole('menuitem').filter({ hasText: 'Sub Admin' }).click()
    await expectPath(page, '/sub_admin')
    await page.getByPlaceholder('Search by Name or Email').waitFor({ state: 'visible' })
    await eventually(async () => !(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-selected'))), {
      what: 'the group unmarked',
    })
    await eventually(async () => (await background(group)) === 'rgba(0, 0, 0, 0)', {
      what: 'the group no longer marked',
    })
    await shot(page, 'laptop-menu-collapsed')
  },
)

step(env, "/test is the main admin's only; a sub-admin sent away is told why", async () => {
  await ensureSetup()
  const admin = await signInAt(DESKTOP)
  await admin.goto('/test')
  await admin.locator('.ant-breadcrumb').getByText('Test', { exact: true }).waitFor({ state: 'visible' })
  assert.equal(await admin.locator('.ant-notification-notice').filter({ hasText: NO_ACCESS }).count(), 0)

  const page = await signInAt(PHONE, SAM.email, SAM.password, '/sub_admin')
  await tableRow(page, `${SAM.firstName} ${SAM.lastName}`).waitFor({ state: 'visible' })
  await page.goto('/test')
  await expectPath(page, '/sub_admin')
  await expectToast(page, NO_ACCESS)
  await shot(page, 'phone-no-access')
})
