/**
 * Sub-admin management and what a sub-admin may see and do (flows 4, 5 and 9).
 *
 * The main admin creates "Donna Viewer" through the Sub Admin screens holding only
 * Donor Management view, finds it with the search box and toggles its status; Donna then
 * signs in, lands on Donor Management (her only menu entry, view only), is sent back there from
 * /sub_admin and /dashboard, and is refused by the server.
 * "Sam Lister" (made through the API, Sub Admin view only) checks the screen guard; at the
 * end the main admin deletes Donna from the list. "Ada Adder" (Sub Admin rights and Donor
 * view and edit) is offered only what she holds, cannot touch her own row, and is refused by
 * the server when she asks for more (a screenshot of her form goes to web/test-results/).
 */
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  RESULTS_DIR,
  ADMIN_PASSWORD,
  api,
  apiCreateSubAdmin,
  confirmDialog,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  fetchFromPage,
  mainMenu,
  menuTitles,
  newPage,
  setupConsole,
  signIn,
  signOut,
  statusSwitch,
  step,
  storedSession,
  tableRow,
  waitChecked,
} from './harness.mjs'

const env = setupConsole('sub-admin')

const DONNA = { firstName: 'Donna', lastName: 'Viewer', email: 'donna.viewer@example.org', password: 'Donor@123' }
const DONNA_NAME = `${DONNA.firstName} ${DONNA.lastName}`
const SAM = { firstName: 'Sam', lastName: 'Lister', email: 'sam.lister@example.org', password: 'Lister@123' }
const SAM_NAME = `${SAM.firstName} ${SAM.lastName}`

step(env, 'the main admin creates a sub-admin holding only Donor view, finds it and toggles its status', async () => {
  // A second sub-admin, so that the search has something to leave out.
  await apiCreateSubAdmin(env, { ...SAM, permissions: [{ slug: '/sub_admin', actions: ['view'] }] })

  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)

  await mainMenu(page).getByRole('menuitem', { name: 'Sub Admin' }).click()
  await expectPath(page, '/sub_admin')
  await tableRow(page, SAM_NAME).waitFor({ state: 'visible' })

  await page.getByRole('button', { name: 'Add Sub Admin' }).click()
  await expectPath(page, '/sub_admin/sub_admin_add')
  await expectText(page, 'Add Sub Admin')

  // Saving the empty form shows what is missing.
  await page.getByRole('button', { name: 'Save' }).click()
  await expectFieldErrors(page, [
    'First Name is required',
    'Last Name is required',
    'Email is required',
    'Password is required',
    'Please select at least one permission',
  ])

  await page.getByLabel('First Name').fill(DONNA.firstName)
  await page.getByLabel('Last Name').fill(DONNA.lastName)
  await page.getByLabel('Email').fill(DONNA.email)
  await page.getByLabel('Password', { exact: true }).fill(DONNA.password)
  const donorView = page.getByRole('checkbox', { name: 'Donor Management: view' })
  await donorView.check()
  assert.equal(await donorView.isChecked(), true)
  assert.equal(await page.getByRole('checkbox', { name: 'Donor Management: add' }).isChecked(), false)
  assert.equal(await page.getByRole('checkbox', { name: 'Sub Admin: view' }).isChecked(), false)
  await page.getByRole('button', { name: 'Save' }).click()

  await expectToast(page, 'Sub admin created successfully')
  await expectPath(page, '/sub_admin')
  const donna = tableRow(page, DONNA_NAME)
  await donna.waitFor({ state: 'visible' })
  await donna.getByText(DONNA.email).waitFor({ state: 'visible' })
  await waitChecked(statusSwitch(page, DONNA_NAME), true)

  // The details screen shows the one granted permission.
  await donna.getByRole('link', { name: `View ${DONNA_NAME}` }).click()
  await expectPath(page, /^\/sub_admin\/sub_admin_view\//)
  const grants = page.getByRole('table').last()
  await grants.getByText('Donor Management').waitFor({ state: 'visible' })
  assert.deepEqual(
    (await grants.locator('tr.ant-table-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
    ['Donor Management — view'],
  )
  await page.getByRole('button', { name: 'Back' }).click()
  await expectPath(page, '/sub_admin')

  // The search box finds it (and leaves the other one out).
  await tableRow(page, SAM_NAME).waitFor({ state: 'visible' })
  await page.getByPlaceholder('Search by Name or Email').fill('donna')
  await tableRow(page, SAM_NAME).waitFor({ state: 'hidden' })
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  await page.getByPlaceholder('Search by Name or Email').fill('viewer@example')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  await page.getByPlaceholder('Search by Name or Email').fill('nobody-by-this-name')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'hidden' })
  await page.getByPlaceholder('Search by Name or Email').fill('donna')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })

  // Status off: confirmation, then the list shows it inactive.
  const toggle = statusSwitch(page, DONNA_NAME)
  await toggle.click()
  await confirmDialog(page, 'Are you sure Inactive this status ?', 'No')
  await waitChecked(toggle, true)

  await toggle.click()
  await confirmDialog(page, 'Are you sure Inactive this status ?', 'Yes')
  await expectToast(page, 'Sub admin deactivated successfully')
  await waitChecked(toggle, false)
  await tableRow(page, DONNA_NAME).getByText('Inactive').waitFor({ state: 'visible' })

  // Still inactive after a reload of the screen.
  await page.reload()
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  await waitChecked(statusSwitch(page, DONNA_NAME), false)

  // An inactive sub-admin cannot sign in.
  const refused = await api(env, '/admin-login/login', { body: { email: DONNA.email, password: DONNA.password } })
  assert.notEqual(refused.status, 200, 'an inactive sub-admin is refused')

  // Status on again.
  await statusSwitch(page, DONNA_NAME).click()
  await confirmDialog(page, 'Are you sure Active this status ?', 'Yes')
  await expectToast(page, 'Sub admin activated successfully')
  await waitChecked(statusSwitch(page, DONNA_NAME), true)
  await tableRow(page, DONNA_NAME).getByText('Active', { exact: true }).waitFor({ state: 'visible' })

  await signOut(page)
})

step(env, 'the Donor-only sub-admin sees only what it holds and the server refuses the rest', async () => {
  // Signed out at the end of the previous test: sign in on the same page.
  const signedOut =
    env.page && new URL(env.page.url()).pathname === '/signin' && !(await storedSession(env.page))?.state?.user
  const page = signedOut ? env.page : await newPage(env)
  if (!signedOut) await page.goto('/signin')
  // Donor Management is the one screen she holds: it is her home and her whole menu.
  await signIn(page, DONNA.email, DONNA.password, '/donor')
  await expectToast(page, 'Login Successfully')
  const titles = await menuTitles(page)
  assert.ok(!titles.includes('Sub Admin'), `no Sub Admin entry: ${titles}`)
  assert.ok(!titles.includes('Dashboard'), `no Dashboard entry: ${titles}`)
  assert.deepEqual(titles, ['Donor Management'])
  await page.getByTestId('account-menu').getByText(DONNA_NAME).waitFor({ state: 'visible' })
  // Donor view only: the list, without add, status or delete.
  await page.getByRole('table', { name: 'Donors' }).waitFor({ state: 'visible' })
  assert.equal(await page.getByRole('button', { name: 'Add Donor' }).count(), 0)
  assert.equal(await page.getByRole('switch').count(), 0)
  assert.equal(await page.getByRole('button', { name: /^Delete / }).count(), 0)

  // Typing /sub_admin in the address bar sends her home, saying why; the list is not shown.
  await page.goto('/sub_admin')
  await expectPath(page, '/donor')
  await expectToast(page, 'You do not have access to that page')
  assert.equal(await page.getByRole('button', { name: 'Add Sub Admin' }).count(), 0)
  assert.equal(await page.getByRole('table', { name: 'Sub admins' }).count(), 0)
  assert.equal(await page.getByText(SAM.email).count(), 0)
  assert.equal(await page.getByText(DONNA.email).count(), 0)
  // The same for an add screen, and for the dashboard she does not hold.
  await page.goto('/sub_admin/sub_admin_add')
  await expectPath(page, '/donor')
  assert.equal(await page.getByLabel('First Name').count(), 0)
  await page.goto('/dashboard')
  await expectPath(page, '/donor')
  assert.equal(await page.getByText(/^Welcome,/).count(), 0)

  // The stored session is the sub-admin's, holding only Donor view.
  const session = await storedSession(page)
  assert.equal(session.state.user.adminType, 'Sub Admin')
  assert.deepEqual(
    session.state.user.permissions.map((p) => ({ slug: p.slug, actions: p.actions })),
    [{ slug: '/donor', actions: ['view'] }],
  )

  // A call needing Sub Admin view is refused by the server.
  const forbidden = await fetchFromPage(page, '/admin/sub-admin/subAdminList', {
    body: { page: 1, limit: 10, search: '', column: '', order: '' },
  })
  assert.ok(forbidden.hadToken, 'the call carried the stored token')
  assert.equal(forbidden.status, 403)
  assert.equal(forbidden.body?.code, 'FORBIDDEN')
  assert.equal(typeof forbidden.body?.message, 'string')

  // So is creating a sub-admin; the token itself is valid for what needs no permission.
  const create = await fetchFromPage(page, '/admin/sub-admin/create', {
    body: { firstName: 'X', lastName: 'Y', email: 'x.y@example.org', password: 'Secret@123', permissions: [] },
  })
  assert.equal(create.status, 403)
  assert.equal(create.body?.code, 'FORBIDDEN')
  const countries = await fetchFromPage(page, '/v1/common/getAllCountry', { method: 'GET' })
  assert.equal(countries.status, 200)

  await signOut(page)
})

step(env, 'the sub-admin screen guard sends a sub-admin back or home', async () => {
  // The main admin, in this tab, opens the Add screen and goes back to the list.
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await mainMenu(page).getByRole('menuitem', { name: 'Sub Admin' }).click()
  await expectPath(page, '/sub_admin')
  await page.getByRole('button', { name: 'Add Sub Admin' }).click()
  await expectPath(page, '/sub_admin/sub_admin_add')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expectPath(page, '/sub_admin')
  await signOut(page)

  // Sam holds only Sub Admin view: lands on the list, without add, status or delete.
  await signIn(page, SAM.email, SAM.password, '/sub_admin')
  assert.deepEqual(await menuTitles(page), ['Sub Admin'])
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  assert.equal(await page.getByRole('button', { name: 'Add Sub Admin' }).count(), 0)
  assert.equal(await page.getByRole('switch').count(), 0)
  assert.equal(await page.getByRole('button', { name: /^Delete / }).count(), 0)
  assert.equal(await page.getByRole('link', { name: /^Edit / }).count(), 0)
  await tableRow(page, DONNA_NAME)
    .getByRole('link', { name: `View ${DONNA_NAME}` })
    .waitFor({ state: 'visible' })

  // The browser's Back button reaches the Add screen the main admin had opened: the guard
  // sends Sam back one more page, to the list.
  await page.goBack()
  await expectPath(page, '/sub_admin')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  assert.equal(await page.getByLabel('First Name').count(), 0)

  // Typed in the address bar (no page to go back to): the guard sends Sam home.
  await page.goto('/sub_admin/sub_admin_add')
  await expectPath(page, '/sub_admin')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  assert.equal(await page.getByLabel('First Name').count(), 0)
  await page.goto('/dashboard')
  await expectPath(page, '/sub_admin')

  // The server refuses what Sam does not hold.
  const session = await storedSession(page)
  const del = await api(env, `/admin/sub-admin/delete/${session.state.user._id}`, {
    method: 'DELETE',
    token: session.state.user.authToken,
  })
  assert.equal(del.status, 403)
  assert.equal(del.body.code, 'FORBIDDEN')

  await signOut(page)
})

step(env, 'the main admin deletes the sub-admin from the list', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await mainMenu(page).getByRole('menuitem', { name: 'Sub Admin' }).click()
  await expectPath(page, '/sub_admin')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })
  await tableRow(page, SAM_NAME).waitFor({ state: 'visible' })

  // "No" keeps it.
  await tableRow(page, DONNA_NAME)
    .getByRole('button', { name: `Delete ${DONNA_NAME}` })
    .click()
  await confirmDialog(page, 'Are you sure you want to Delete ?', 'No')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'visible' })

  await tableRow(page, DONNA_NAME)
    .getByRole('button', { name: `Delete ${DONNA_NAME}` })
    .click()
  await confirmDialog(page, 'Are you sure you want to Delete ?', 'Yes')
  await expectToast(page, 'Sub admin deleted successfully')
  await tableRow(page, DONNA_NAME).waitFor({ state: 'hidden' })
  await tableRow(page, SAM_NAME).waitFor({ state: 'visible' })

  // Gone for good: not after a reload, not by search, and it can no longer sign in.
  await page.reload()
  await tableRow(page, SAM_NAME).waitFor({ state: 'visible' })
  assert.equal(await tableRow(page, DONNA_NAME).count(), 0)
  await page.getByPlaceholder('Search by Name or Email').fill('donna')
  await tableRow(page, SAM_NAME).waitFor({ state: 'hidden' })
  assert.equal(await tableRow(page, DONNA_NAME).count(), 0)
  const login = await api(env, '/admin-login/login', { body: { email: DONNA.email, password: DONNA.password } })
  assert.notEqual(login.status, 200)
})

const ADA = { firstName: 'Ada', lastName: 'Adder', email: 'ada.adder@example.org', password: 'Adder@123' }
const ADA_NAME = `${ADA.firstName} ${ADA.lastName}`

step(env, 'a sub-admin with Sub Admin rights is offered only what it holds and cannot escalate', async () => {
  const adaId = await apiCreateSubAdmin(env, {
    ...ADA,
    permissions: [
      { slug: '/donor', actions: ['view', 'edit'] },
      { slug: '/sub_admin', actions: ['view', 'add', 'edit', 'delete', 'status'] },
    ],
  })
  const page = await newPage(env)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/signin')
  // Donor Management comes first in her menu: she lands there, and opens Sub Admin.
  await signIn(page, ADA.email, ADA.password, '/donor')
  await mainMenu(page).getByRole('menuitem', { name: 'Sub Admin' }).click()
  await expectPath(page, '/sub_admin')

  // Her own row is view-only; Sam's row has every control.
  await tableRow(page, ADA_NAME).waitFor({ state: 'visible' })
  await statusSwitch(page, SAM_NAME).waitFor({ state: 'visible' })
  await tableRow(page, SAM_NAME)
    .getByRole('button', { name: `Delete ${SAM_NAME}` })
    .waitFor({ state: 'visible' })
  const own = tableRow(page, ADA_NAME)
  assert.equal(await own.getByRole('switch').count(), 0)
  assert.equal(await own.getByRole('link', { name: `Edit ${ADA_NAME}` }).count(), 0)
  assert.equal(await own.getByRole('button', { name: `Delete ${ADA_NAME}` }).count(), 0)
  await own.getByRole('link', { name: `View ${ADA_NAME}` }).waitFor({ state: 'visible' })

  // The add form offers Donor view and edit only, and no Sub Admin checkbox.
  await page.getByRole('button', { name: 'Add Sub Admin' }).click()
  await expectPath(page, '/sub_admin/sub_admin_add')
  const box = (name) => page.getByRole('checkbox', { name })
  await box('Donor Management: view').waitFor({ state: 'visible' })
  assert.equal(await box('Donor Management: view').isEnabled(), true)
  assert.equal(await box('Donor Management: edit').isEnabled(), true)
  assert.equal(await box('Donor Management: delete').count(), 0)
  assert.equal(await box('Sub Admin: view').count(), 0)
  assert.equal(await box('Event Management: view').count(), 0)
  mkdirSync(RESULTS_DIR, { recursive: true })
  await page.screenshot({ path: join(RESULTS_DIR, 'sub-admin-form-as-sub-admin.png'), fullPage: true })

  // The server refuses more than she holds, and her own record, whatever the console shows.
  const more = await fetchFromPage(page, '/admin/sub-admin/create', {
    body: { ...DONNA, email: 'more@example.org', permissions: [{ slug: '/event', actions: ['view'] }] },
  })
  assert.equal(more.status, 403)
  assert.equal(more.body?.message, 'You can only grant permissions you hold yourself')
  const self = await fetchFromPage(page, `/admin/sub-admin/update/${adaId}`, {
    method: 'PATCH',
    body: { ...ADA, permissions: [{ slug: '/donor', actions: ['view', 'add', 'edit', 'delete', 'status'] }] },
  })
  assert.equal(self.status, 403)
  assert.equal(self.body?.code, 'FORBIDDEN')

  // What she holds, she hands on.
  await page.getByLabel('First Name').fill('Pia')
  await page.getByLabel('Last Name').fill('Peer')
  await page.getByLabel('Email').fill('pia.peer@example.org')
  await page.getByLabel('Password', { exact: true }).fill('Peer@1234')
  await box('Donor Management: view').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Sub admin created successfully')
  await expectPath(page, '/sub_admin')
  await tableRow(page, 'Pia Peer').waitFor({ state: 'visible' })
  await signOut(page)
})
