/**
 * The catalogue screens of Master Management: Nonprofit Category and Causes/Affiliations
 * Management, as the main admin uses them from the menu, and what a sub-admin holding only
 * the 'status' right on causes may do there.
 *
 * "Animal Welfare" (a cause made through the API) gives the cause search something to leave
 * out and gives the status-only sub-admin "Stella Status" a row to look at.
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiCreateSubAdmin,
  apiSignIn,
  confirmDialog,
  dismissToasts,
  eventually,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  menuTitles,
  newPage,
  openDialog,
  openMenuEntry,
  openMenuGroup,
  setupConsole,
  signIn,
  signOut,
  statusSwitch,
  step,
  tableRow,
  waitChecked,
} from './harness.mjs'

const env = setupConsole('catalogue')

const MASTER = 'Master Management'
const CATEGORY_MENU = 'Nonprofit Category'
const CAUSE_MENU = 'Causes/Affiliations Management'
const CATEGORY_PATH = '/master/charity_category_management'
const CAUSE_PATH = '/master/cause_management'

const CATEGORY = 'Food Security'
const CATEGORY_RENAMED = 'Clean Water Access'
const CAUSE = { name: 'Ocean Cleanup', description: 'Beach and sea clean-up drives.' }
const CAUSE_EDITED = { name: 'Ocean Conservation', description: 'Protecting reefs and coastlines.' }
const OTHER_CAUSE = { name: 'Animal Welfare', description: 'Shelters and rescue.' }
const STELLA = { firstName: 'Stella', lastName: 'Status', email: 'stella.status@example.org', password: 'Status@123' }

const pathOf = (request) => new URL(request.url).pathname
const callsTo = (path) => env.requests.filter((r) => pathOf(r) === path)

/** Waits for the toast and closes it (toasts sit over the top right of the screens). */
async function seeToast(page, text) {
  await expectToast(page, text)
  await dismissToasts(page)
}

async function signInAsAdmin() {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  return page
}

step(env, 'the main admin adds, renames, deactivates and deletes a nonprofit category', async () => {
  const page = await signInAsAdmin()
  await openMenuEntry(page, CATEGORY_MENU, MASTER)
  await expectPath(page, CATEGORY_PATH)
  await page.getByRole('table').waitFor({ state: 'visible' })

  // Add: the dialog checks the name before anything is sent.
  await page.getByRole('button', { name: 'Add Category' }).click()
  const add = await openDialog(page, 'Add Category')
  const addName = add.getByLabel('Name', { exact: true })
  await add.getByRole('button', { name: 'Save', exact: true }).click()
  await expectFieldErrors(page, ['Please enter Name'], { only: true })

  await addName.fill('   ')
  await add.getByRole('button', { name: 'Save', exact: true }).click()
  await expectFieldErrors(page, ['Please enter valid Name'], { only: true })
  await add.waitFor({ state: 'visible' })
  assert.equal(callsTo('/admin/charity-category/create').length, 0, 'no create request while the name was invalid')

  await addName.fill(CATEGORY)
  await add.getByRole('button', { name: 'Save', exact: true }).click()
  await seeToast(page, 'Category created successfully')
  await add.waitFor({ state: 'hidden' })
  assert.equal(callsTo('/admin/charity-category/create').length, 1, 'the valid name was sent once')
  await tableRow(page, CATEGORY).waitFor({ state: 'visible' })
  await waitChecked(statusSwitch(page, CATEGORY), true)

  // Edit: the dialog starts from the row's name.
  await tableRow(page, CATEGORY)
    .getByRole('button', { name: `Edit ${CATEGORY}` })
    .click()
  const edit = await openDialog(page, 'Edit Category')
  const editName = edit.getByLabel('Name', { exact: true })
  await eventually(async () => (await editName.inputValue()) === CATEGORY, { what: 'the edit dialog shows the name' })
  await editName.fill(CATEGORY_RENAMED)
  await edit.getByRole('button', { name: 'Save', exact: true }).click()
  await seeToast(page, 'Category updated successfully')
  await edit.waitFor({ state: 'hidden' })
  await tableRow(page, CATEGORY_RENAMED).waitFor({ state: 'visible' })
  await tableRow(page, CATEGORY).waitFor({ state: 'hidden' })

  // Status: inactive through the confirmation, and still so after a reload.
  await statusSwitch(page, CATEGORY_RENAMED).click()
  await confirmDialog(page, 'Are you sure Inactive this status ?', 'Yes')
  await seeToast(page, 'Category deactivated successfully')
  await waitChecked(statusSwitch(page, CATEGORY_RENAMED), false)
  await page.reload()
  await tableRow(page, CATEGORY_RENAMED).waitFor({ state: 'visible' })
  await waitChecked(statusSwitch(page, CATEGORY_RENAMED), false)

  // Delete through the confirmation: gone, also after a reload.
  await tableRow(page, CATEGORY_RENAMED)
    .getByRole('button', { name: `Delete ${CATEGORY_RENAMED}` })
    .click()
  await confirmDialog(page, 'Are you sure you want to Delete ?', 'Yes')
  await seeToast(page, 'Category deleted successfully')
  await tableRow(page, CATEGORY_RENAMED).waitFor({ state: 'hidden' })
  await page.reload()
  await page.getByRole('table').waitFor({ state: 'visible' })
  await page.waitForLoadState('networkidle')
  assert.equal(await tableRow(page, CATEGORY_RENAMED).count(), 0)
})

step(env, 'the main admin adds, finds, edits, deactivates and deletes a cause', async () => {
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const other = await api(env, '/admin/cause/create', { token: admin.authToken, body: OTHER_CAUSE })
  assert.equal(other.status, 200, `create a cause through the API: ${JSON.stringify(other.body)}`)

  const page = await signInAsAdmin()
  await openMenuEntry(page, CAUSE_MENU, MASTER)
  await expectPath(page, CAUSE_PATH)
  await tableRow(page, OTHER_CAUSE.name).waitFor({ state: 'visible' })

  // Add: the form checks the name.
  await page.getByRole('button', { name: 'Add New Cause' }).click()
  await expectPath(page, '/cause/cause_add')
  await expectText(page, 'Add Cause')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectFieldErrors(page, ['Please enter Name'], { only: true })
  assert.equal(callsTo('/admin/cause/create').length, 0, 'no create request while the name was empty')

  await page.getByLabel('Name', { exact: true }).fill(CAUSE.name)
  await page.getByLabel('Description', { exact: true }).fill(CAUSE.description)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await seeToast(page, 'Cause created successfully')
  await expectPath(page, CAUSE_PATH)
  await tableRow(page, CAUSE.name).getByText(CAUSE.description).waitFor({ state: 'visible' })
  await waitChecked(statusSwitch(page, CAUSE.name), true)

  // Search finds it and leaves the other one out.
  const search = page.getByPlaceholder('Search by Cause Name')
  await search.fill('ocean')
  await tableRow(page, OTHER_CAUSE.name).waitFor({ state: 'hidden' })
  await tableRow(page, CAUSE.name).waitFor({ state: 'visible' })
  await search.fill('no-such-cause')
  await tableRow(page, CAUSE.name).waitFor({ state: 'hidden' })
  await search.fill('cleanup')
  await tableRow(page, CAUSE.name).waitFor({ state: 'visible' })

  // Edit: the form starts from the cause.
  await tableRow(page, CAUSE.name)
    .getByRole('link', { name: `Edit ${CAUSE.name}` })
    .click()
  await expectPath(page, /^\/cause\/cause_edit\/[^/]+$/)
  await expectText(page, 'Edit Cause')
  const name = page.getByLabel('Name', { exact: true })
  const description = page.getByLabel('Description', { exact: true })
  await eventually(async () => (await name.inputValue()) === CAUSE.name, { what: 'the edit form shows the name' })
  assert.equal(await description.inputValue(), CAUSE.description)
  await name.fill(CAUSE_EDITED.name)
  await description.fill(CAUSE_EDITED.description)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await seeToast(page, 'Cause updated successfully')
  await expectPath(page, CAUSE_PATH)
  await tableRow(page, CAUSE_EDITED.name).getByText(CAUSE_EDITED.description).waitFor({ state: 'visible' })
  assert.equal(await tableRow(page, CAUSE.name).count(), 0)

  // Status: inactive through the confirmation.
  await statusSwitch(page, CAUSE_EDITED.name).click()
  await confirmDialog(page, 'Are you sure Inactive this status ?', 'Yes')
  await seeToast(page, 'Cause deactivated successfully')
  await waitChecked(statusSwitch(page, CAUSE_EDITED.name), false)

  // Delete through the confirmation; the other cause stays.
  await tableRow(page, CAUSE_EDITED.name)
    .getByRole('button', { name: `Delete ${CAUSE_EDITED.name}` })
    .click()
  await confirmDialog(page, 'Are you sure you want to Delete ?', 'Yes')
  await seeToast(page, 'Cause deleted successfully')
  await tableRow(page, CAUSE_EDITED.name).waitFor({ state: 'hidden' })
  await tableRow(page, OTHER_CAUSE.name).waitFor({ state: 'visible' })

  await signOut(page)
})

step(env, "a sub-admin holding only causes' status sees the switch but no add, edit or delete", async () => {
  await apiCreateSubAdmin(env, { ...STELLA, permissions: [{ slug: CAUSE_PATH, actions: ['status'] }] })

  const page = await newPage(env)
  await page.goto('/signin')
  // Without the dashboard, the first screen of the menu is home.
  await signIn(page, STELLA.email, STELLA.password, CAUSE_PATH)
  await dismissToasts(page)
  await openMenuGroup(page, MASTER)
  assert.deepEqual(await menuTitles(page), [MASTER, CAUSE_MENU])

  await tableRow(page, OTHER_CAUSE.name).waitFor({ state: 'visible' })
  const toggle = statusSwitch(page, OTHER_CAUSE.name)
  await toggle.waitFor({ state: 'visible' })
  await waitChecked(toggle, true)
  assert.equal(await page.getByRole('button', { name: 'Add New Cause' }).count(), 0)
  assert.equal(await page.getByRole('link', { name: /^Edit / }).count(), 0)
  assert.equal(await page.getByRole('button', { name: /^Delete / }).count(), 0)
  assert.equal(await page.getByRole('columnheader', { name: 'Action' }).count(), 0)

  // The switch works for this sub-admin.
  await toggle.click()
  await confirmDialog(page, 'Are you sure Inactive this status ?', 'Yes')
  await seeToast(page, 'Cause deactivated successfully')
  await waitChecked(toggle, false)
  await toggle.click()
  await confirmDialog(page, 'Are you sure Active this status ?', 'Yes')
  await seeToast(page, 'Cause activated successfully')
  await waitChecked(toggle, true)

  // Typed in the address bar, the add screen sends this sub-admin home.
  await page.goto('/cause/cause_add')
  await expectPath(page, CAUSE_PATH)
  await tableRow(page, OTHER_CAUSE.name).waitFor({ state: 'visible' })
  assert.equal(await page.getByLabel('Description', { exact: true }).count(), 0)
})
