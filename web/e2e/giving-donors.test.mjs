/**
 * Donors, as the main admin manages them from the menu (Donor Management):
 * - add a donor with an avatar and a place through the form (the client checks first);
 * - find it with the search box, open its view (profile, totals, no badges yet);
 * - edit it (the form starts from its values), see the change in the list;
 * - deactivate it through the confirmation, then delete it through the confirmation.
 * "Zed Zimmer" (made through the API) gives the search something to leave out.
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PNG,
  api,
  apiSignIn,
  choose,
  chooseFirst,
  confirmDialog,
  dismissToasts,
  expectFieldErrors,
  expectPath,
  expectToast,
  field,
  formItem,
  newPage,
  openMenuEntry,
  setupConsole,
  signIn,
  statusSwitch,
  step,
  tableRow,
  waitChecked,
} from './harness.mjs'

const env = setupConsole('giving-donors')

const MENU = 'Donor Management'
const LIST_PATH = '/donor'
const OTHER = { firstName: 'Zed', lastName: 'Zimmer', email: 'zed@donors.example.org' }
const CARA = {
  firstName: 'Cara',
  lastName: 'Diaz',
  email: 'cara@donors.example.org',
  phone: '5551234567',
  zip: '12207',
}

async function signInAsAdmin() {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  return page
}

async function seeToast(page, text) {
  await expectToast(page, text)
  await dismissToasts(page)
}

step(
  env,
  'the main admin adds a donor with an avatar, finds, views, edits, deactivates and deletes it',
  async () => {
    const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
    const other = await api(env, '/admin/user/create', { token: admin.authToken, body: OTHER })
    assert.equal(other.status, 200, `create a donor through the API: ${JSON.stringify(other.body)}`)

    const page = await signInAsAdmin()
    await openMenuEntry(page, MENU)
    await expectPath(page, LIST_PATH)
    await tableRow(page, 'Zed Zimmer').waitFor({ state: 'visible' })

    // Add: the client's checks first, then the whole form with an avatar and a place.
    await page.getByRole('button', { name: 'Add Donor' }).click()
    await expectPath(page, '/donor/donor_add')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectFieldErrors(page, ['Please enter First Name', 'Please enter Last Name', 'Please enter Email'])
    await field(page, 'First Name').fill(CARA.firstName)
    await field(page, 'Last Name').fill(CARA.lastName)
    await field(page, 'Email').fill(OTHER.email)
    await field(page, 'Phone Number').fill(CARA.phone)
    await field(page, 'Address').fill('2 Elm Street')
    await field(page, 'Zip Code').fill(CARA.zip)
    const avatar = formItem(page, 'Avatar')
    await avatar
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'cara.png', mimeType: 'image/png', buffer: PNG })
    await avatar
      .getByRole('list', { name: 'Uploaded images' })
      .getByRole('listitem')
      .first()
      .waitFor({ state: 'visible' })
    await choose(page, 'Country', 'United States')
    await chooseFirst(page, 'State')
    await chooseFirst(page, 'City')
    // The email is taken: the server's message shows on the field, and nothing is added.
    await page.getByRole('button', { name: 'Save' }).click()
    await expectFieldErrors(page, ['Email already exists'])
    await dismissToasts(page)
    await field(page, 'Email').fill(CARA.email)
    await page.getByRole('button', { name: 'Save' }).click()
    await seeToast(page, 'Donor created successfully')
    await expectPath(page, LIST_PATH)

    // Find it: the search leaves the other donor out.
    await page.getByPlaceholder('Search by Name or Email').fill('cara')
    await tableRow(page, 'Cara Diaz').waitFor({ state: 'visible' })
    await tableRow(page, 'Zed Zimmer').waitFor({ state: 'hidden' })
    const row = tableRow(page, 'Cara Diaz')
    assert.match(await row.innerText(), /\(555\) 123-4567/)
    assert.match(await row.innerText(), /\$0\.00/)

    // View it.
    await page.getByRole('link', { name: 'View Cara Diaz' }).click()
    await expectPath(page, /^\/donor\/donor_view\//)
    await page.getByText(CARA.email).waitFor({ state: 'visible' })
    await page.getByText('No badges earned yet').waitFor({ state: 'visible' })
    assert.ok(await page.getByRole('img', { name: 'Cara Diaz avatar' }).count(), 'the avatar is shown')
    await page.goBack()
    await expectPath(page, LIST_PATH)

    // Edit it: the form starts from its values.
    await page.getByRole('link', { name: 'Edit Cara Diaz' }).click()
    await expectPath(page, /^\/donor\/donor_edit\//)
    await page.waitForFunction(() => document.querySelector('input#lastName')?.value === 'Diaz')
    await field(page, 'Last Name').fill('Diaz-Ortiz')
    await page.getByRole('button', { name: 'Save' }).click()
    await seeToast(page, 'Donor updated successfully')
    await expectPath(page, LIST_PATH)
    await page.getByPlaceholder('Search by Name or Email').fill('cara')
    await tableRow(page, 'Cara Diaz-Ortiz').waitFor({ state: 'visible' })

    // Deactivate it, then delete it.
    await waitChecked(statusSwitch(page, 'Cara Diaz-Ortiz'), true)
    await statusSwitch(page, 'Cara Diaz-Ortiz').click()
    await confirmDialog(page, 'Are you sure Inactive this status ?')
    await seeToast(page, 'Donor deactivated successfully')
    await waitChecked(statusSwitch(page, 'Cara Diaz-Ortiz'), false)
    await page.getByRole('button', { name: 'Delete Cara Diaz-Ortiz' }).click()
    await confirmDialog(page, 'Are you sure you want to Delete ?')
    await expectToast(page, 'Donor deleted successfully')
    await tableRow(page, 'Cara Diaz-Ortiz').waitFor({ state: 'hidden' })
    // The toast's Undo brings it back from the trash (issue 36), as it was (inactive); deleted again.
    await page.getByRole('button', { name: 'Undo delete of Cara Diaz-Ortiz' }).click()
    await seeToast(page, 'Restored successfully')
    await tableRow(page, 'Cara Diaz-Ortiz').waitFor({ state: 'visible' })
    await waitChecked(statusSwitch(page, 'Cara Diaz-Ortiz'), false)
    await page.getByRole('button', { name: 'Delete Cara Diaz-Ortiz' }).click()
    await confirmDialog(page, 'Are you sure you want to Delete ?')
    await seeToast(page, 'Donor deleted successfully')
    await tableRow(page, 'Cara Diaz-Ortiz').waitFor({ state: 'hidden' })
  },
  { timeout: 180_000 },
)
