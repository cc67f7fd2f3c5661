/**
 * Nonprofits in Master Management, as the main admin uses them from the menu:
 * - Nonprofit Management: add a nonprofit with a logo through the form, find it with the
 *   search box (applied past 2 characters), sort by name, toggle its status through the
 *   confirmation;
 * - the Imported tab: import a small IRS Business Master File (3 valid rows, 1 invalid),
 *   read the dry run, apply it and see the imported nonprofits;
 * - onboard two imported ones through the form, then in New Nonprofit approve one and reject
 *   the other with a reason (the reason is required; the rejected tab shows it);
 * - Causes/Affiliations Management: the Excel export downloads a real .xlsx.
 *
 * "Alpha Arts Alliance" and "Zenith Youth Club" (made through the API) give the search
 * something to leave out and the name sort an order to check.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PNG,
  api,
  apiCreateNonprofit,
  apiSignIn,
  apiUploadLogo,
  choose,
  chosenIn,
  confirmDialog,
  dismissToasts,
  eventually,
  expectFieldErrors,
  expectPath,
  expectToast,
  field,
  formItem,
  newPage,
  openDialog,
  openDropdown,
  openMenuEntry,
  screenshots,
  settled,
  setupConsole,
  signIn,
  statusSwitch,
  step,
  tableRow,
  waitChecked,
} from './harness.mjs'

const env = setupConsole('charity')

const here = dirname(fileURLToPath(import.meta.url))
const BMF_FILE = join(here, 'fixtures', 'bmf-small.csv')

const MASTER = 'Master Management'
const MANAGEMENT_MENU = 'Nonprofit Management'
const NEW_MENU = 'New Nonprofit'
const CAUSE_MENU = 'Causes/Affiliations Management'
const MANAGEMENT_PATH = '/master/charity_management'
const NEW_PATH = '/master'
const CAUSE_PATH = '/master/cause_management'

const CATEGORY = 'Community Food'
const CAUSE = { name: 'Hunger Relief', description: 'Meals and pantries.' }
const ALPHA = { charityName: 'Alpha Arts Alliance', taxId: '11-1111111' }
const ZENITH = { charityName: 'Zenith Youth Club', taxId: '99-9999999' }
const MAPLE = {
  charityName: 'Maple Street Shelter',
  taxId: '123456789',
  email: 'hello@maple.example.org',
  phone: '5551234567',
  website: 'https://maple.example.org',
  mission: 'Warm beds and meals for every neighbour.',
  address: '12 Maple Street',
  zip: '627011234',
  adminFirstName: 'Mae',
  adminLastName: 'Maple',
  adminEmail: 'mae@maple.example.org',
}
const PRAIRIE = 'PRAIRIE FOOD PANTRY'
const LAKESIDE = 'LAKESIDE LITERACY PROJECT'
const RIVERBEND = 'RIVERBEND ANIMAL RESCUE'
const REJECT_REASON = 'The Tax ID does not match the IRS letter.'

let setup = null

/** Category, cause and two nonprofits made through the API, once. */
async function ensureSetup() {
  if (setup) return setup
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const token = admin.authToken
  const category = await api(env, '/admin/charity-category/create', {
    token,
    body: { name: CATEGORY, description: 'Nonprofit category' },
  })
  assert.equal(category.status, 200, `create a category through the API: ${JSON.stringify(category.body)}`)
  const cause = await api(env, '/admin/cause/create', { token, body: CAUSE })
  assert.equal(cause.status, 200, `create a cause through the API: ${JSON.stringify(cause.body)}`)

  // A stored file belongs to one record: each nonprofit gets its own logo.
  for (const charity of [ALPHA, ZENITH]) {
    const logo = await apiUploadLogo(env, token)
    await apiCreateNonprofit(env, token, {
      ...charity,
      categoryId: category.body.data._id,
      causeId: cause.body.data._id,
      logo,
    })
  }
  setup = { token, categoryId: category.body.data._id, causeId: cause.body.data._id }
  return setup
}

/** Waits for the toast and closes it (toasts sit over the top right of the screens). */
async function seeToast(page, text) {
  await expectToast(page, text)
  await dismissToasts(page)
}

/** Bodies of the nonprofit list requests sent since the page opened. */
function trackListBodies(page) {
  const bodies = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/admin/charity/charityList') {
      try {
        bodies.push(JSON.parse(req.postData() ?? '{}'))
      } catch {
        bodies.push({})
      }
    }
  })
  return bodies
}

async function signInAsAdmin() {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  return page
}

/** The names in the first column of the shown table (after the row's checkbox), top to bottom. */
async function shownNames(page) {
  return (await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts()).map((t) => t.trim())
}

/** Uploads the PNG as the logo and waits until it is shown. */
async function uploadLogo(page) {
  const item = formItem(page, 'Logo')
  await expectOnlyUploadButtons(page)
  await item
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await item.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').first().waitFor({ state: 'visible' })
}

/**
 * Each uploader of the form shows its button and none of its file inputs (antd's form styles
 * once displayed them as raw 'Choose File / No file chosen' boxes above the button).
 */
async function expectOnlyUploadButtons(page) {
  for (const [label, button] of [
    ['Logo', 'Upload Logo'],
    ['Images', 'Upload Images'],
  ]) {
    const item = formItem(page, label)
    await item.getByRole('button').filter({ hasText: button }).waitFor({ state: 'visible' })
    const inputs = item.locator('input[type="file"]')
    assert.equal(await inputs.count(), 2, `${label}: the add and replace inputs`)
    for (const input of await inputs.all())
      assert.equal(await input.isVisible(), false, `${label}: a file input is shown`)
  }
}

/** Types `text` into the select labelled `label`: nothing matches, and nothing offers to add it. */
async function expectNothingToAdd(page, label, text) {
  const input = field(page, label)
  await input.click()
  await input.fill(text)
  const dropdown = await settled(openDropdown(page))
  await dropdown.locator('.ant-select-item-empty').waitFor({ state: 'visible' })
  assert.equal(await dropdown.locator('.ant-select-item-option').count(), 0, `${label} offers an option for ${text}`)
  assert.equal(await dropdown.getByText(`Add “${text}”`).count(), 0)
  await input.fill('')
  await page.keyboard.press('Escape')
}

/** Types into the rich-text editor labelled `label`. */
async function typeRichText(page, label, text) {
  const box = page.getByRole('textbox', { name: label, exact: true })
  await box.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
}

/** Fills what an imported nonprofit lacks to be onboarded. */
async function completeImported(page, { slug }) {
  await choose(page, 'Category', CATEGORY)
  await choose(page, 'Causes', CAUSE.name, { close: true })
  await field(page, 'Email').fill(`info@${slug}.example.org`)
  await field(page, 'Phone Number').fill('5552223333')
  await uploadLogo(page)
  await typeRichText(page, 'Mission', `The mission of ${slug}.`)
  await field(page, 'Admin Email').fill(`admin@${slug}.example.org`)
}

/**
 * Opens a Master Management entry from the menu. Under load a click can land while the group
 * still slides open; the path tells whether it took, and the click is made once more if not.
 */
async function goViaMenu(page, entry, path) {
  await openMenuEntry(page, entry, MASTER)
  try {
    await expectPath(page, path, 4000)
  } catch {
    await openMenuEntry(page, entry, MASTER)
    await expectPath(page, path)
  }
}

step(
  env,
  'the main admin adds a nonprofit with a logo, finds it, sorts by name and toggles its status',
  async () => {
    await ensureSetup()
    const page = await signInAsAdmin()
    const bodies = trackListBodies(page)
    await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)
    await tableRow(page, ALPHA.charityName).waitFor({ state: 'visible' })
    await tableRow(page, ZENITH.charityName).waitFor({ state: 'visible' })
    await page.getByRole('tab', { name: 'Onboarded Nonprofit' }).waitFor({ state: 'visible' })
    await page.getByRole('tab', { name: 'Imported Nonprofit' }).waitFor({ state: 'visible' })
    assert.deepEqual(
      (await page.locator('.ant-breadcrumb').innerText())
        .split(/\s*\/\s*|\n/)
        .map((t) => t.trim())
        .filter(Boolean),
      [MASTER, MANAGEMENT_MENU],
    )
    assert.equal(await tableRow(page, ALPHA.charityName).getByText('11-1111111').count(), 1, 'Tax ID as XX-XXXXXXX')

    // Add through the form, with a logo.
    await page.getByRole('button', { name: 'Add New Nonprofit' }).click()
    await expectPath(page, '/master/charity_add')
    await field(page, 'Nonprofit Name').waitFor({ state: 'visible' })
    await field(page, 'Nonprofit Name').fill(MAPLE.charityName)
    await field(page, 'Tax ID').fill(MAPLE.taxId)
    await choose(page, 'Category', CATEGORY)
    await choose(page, 'Causes', CAUSE.name, { close: true })
    await field(page, 'Email').fill(MAPLE.email)
    await field(page, 'Phone Number').fill(MAPLE.phone)
    await field(page, 'Website').fill(MAPLE.website)
    await uploadLogo(page)
    await typeRichText(page, 'Mission', MAPLE.mission)
    await field(page, 'Address').fill(MAPLE.address)
    await field(page, 'Zip Code').fill(MAPLE.zip)
    assert.equal(await field(page, 'Zip Code').inputValue(), '62701-1234', 'nine digits shown as XXXXX-XXXX')
    await choose(page, 'Country', 'United States')
    await expectNothingToAdd(page, 'State', 'Atlantis')
    await choose(page, 'State', 'Illinois')
    await choose(page, 'City', 'Springfield')
    await field(page, 'Admin First Name').fill(MAPLE.adminFirstName)
    await field(page, 'Admin Last Name').fill(MAPLE.adminLastName)
    await field(page, 'Admin Email').fill(MAPLE.adminEmail)
    await screenshots(page, 'charity-add-form')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await seeToast(page, 'Nonprofit created successfully')
    await expectPath(page, MANAGEMENT_PATH)
    await tableRow(page, MAPLE.charityName).getByText('12-3456789').waitFor({ state: 'visible' })
    await waitChecked(statusSwitch(page, MAPLE.charityName), true)

    // Search: two characters are not applied; three are; clearing resets.
    const search = page.getByPlaceholder('Search by Nonprofit Name')
    await search.fill('ma')
    await page.waitForTimeout(1200)
    assert.equal(bodies.filter((b) => b.search === 'ma').length, 0, 'two characters are not searched')
    await tableRow(page, ZENITH.charityName).waitFor({ state: 'visible' })
    await search.fill('maple')
    await tableRow(page, ZENITH.charityName).waitFor({ state: 'hidden' })
    await tableRow(page, ALPHA.charityName).waitFor({ state: 'hidden' })
    await tableRow(page, MAPLE.charityName).waitFor({ state: 'visible' })
    assert.ok(bodies.some((b) => b.search === 'maple' && b.isNavigator === false && b.adminVerification === 'Approve'))
    await search.fill('')
    await tableRow(page, ZENITH.charityName).waitFor({ state: 'visible' })
    await tableRow(page, ALPHA.charityName).waitFor({ state: 'visible' })

    // Sort by name on the server: ascending, then descending.
    const header = page.locator('th').filter({ hasText: 'Nonprofit Name' })
    await header.click()
    await eventually(
      async () =>
        JSON.stringify(await shownNames(page)) ===
        JSON.stringify([ALPHA.charityName, MAPLE.charityName, ZENITH.charityName]),
      { what: 'names in ascending order' },
    )
    await header.click()
    await eventually(
      async () =>
        JSON.stringify(await shownNames(page)) ===
        JSON.stringify([ZENITH.charityName, MAPLE.charityName, ALPHA.charityName]),
      { what: 'names in descending order' },
    )
    assert.ok(bodies.some((b) => b.column === 'charityName' && b.order === 'asc'))
    assert.ok(bodies.some((b) => b.column === 'charityName' && b.order === 'desc'))

    // Status: inactive through the confirmation, still so after a reload; then active again.
    await statusSwitch(page, MAPLE.charityName).click()
    await confirmDialog(page, 'Are you sure Inactive this status ?', 'Yes')
    await seeToast(page, 'Nonprofit deactivated successfully')
    await waitChecked(statusSwitch(page, MAPLE.charityName), false)
    await page.reload()
    await tableRow(page, MAPLE.charityName).waitFor({ state: 'visible' })
    await waitChecked(statusSwitch(page, MAPLE.charityName), false)
    await statusSwitch(page, MAPLE.charityName).click()
    const box = await openDialog(page, 'Are you sure Active this status ?')
    await box.getByRole('button', { name: 'No', exact: true }).click()
    await box.waitFor({ state: 'hidden' })
    await waitChecked(statusSwitch(page, MAPLE.charityName), false)
    await statusSwitch(page, MAPLE.charityName).click()
    await confirmDialog(page, 'Are you sure Active this status ?', 'Yes')
    await seeToast(page, 'Nonprofit activated successfully')
    await waitChecked(statusSwitch(page, MAPLE.charityName), true)

    // The view link opens the nonprofit.
    await tableRow(page, MAPLE.charityName)
      .getByRole('link', { name: `View ${MAPLE.charityName}` })
      .click()
    await expectPath(page, '/master/charity_views')
    await page.getByText(MAPLE.charityName, { exact: true }).first().waitFor({ state: 'visible' })
    await page.getByText('62701-1234', { exact: true }).waitFor({ state: 'visible' })
  },
  { timeout: 180_000 },
)

step(
  env,
  'the main admin imports a Business Master File and sees it in the Imported tab',
  async () => {
    await ensureSetup()
    const page = await signInAsAdmin()
    await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)
    await page.getByRole('tab', { name: 'Imported Nonprofit' }).click()
    await page.getByRole('button', { name: 'Import Business Master File' }).click()
    const panel = await openDialog(page, 'Import Business Master File')
    await panel.locator('input[type="file"]').setInputFiles(BMF_FILE)
    await panel.getByText('bmf-small.csv').waitFor({ state: 'visible' })
    await panel.getByRole('button', { name: 'Upload', exact: true }).click()

    // The dry run.
    await panel.getByText('Invalid rows', { exact: true }).waitFor({ state: 'visible' })
    const count = async (label) =>
      (
        await panel
          .locator('th', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::td[1]')
          .innerText()
      ).trim()
    assert.equal(await count('Rows'), '4')
    assert.equal(await count('New'), '3')
    assert.equal(await count('Changed'), '0')
    assert.equal(await count('Skipped'), '0')
    assert.equal(await count('Invalid'), '1')
    const invalid = panel.getByRole('table', { name: 'Invalid rows' })
    const bad = invalid.getByRole('row').filter({ hasText: /EIN must be 9 digits/ })
    await bad.waitFor({ state: 'visible' })
    assert.equal((await bad.locator('td').first().innerText()).trim(), '5')
    assert.equal(await tableRow(page, PRAIRIE).count(), 0, 'a dry run writes nothing')

    // Apply: the final summary, and the list shows the three.
    await panel.getByRole('button', { name: 'Apply', exact: true }).click()
    await panel.getByText('Import applied', { exact: true }).waitFor({ state: 'visible' })
    assert.equal(await count('New'), '3')
    await panel.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click()
    await panel.waitFor({ state: 'hidden' })
    for (const name of [PRAIRIE, LAKESIDE, RIVERBEND]) await tableRow(page, name).waitFor({ state: 'visible' })
    await tableRow(page, PRAIRIE).getByText('47-0000001').waitFor({ state: 'visible' })
    assert.equal(await tableRow(page, 'BROKEN EIN FOUNDATION').count(), 0)
    // Imported ones are not in the Onboarded tab.
    await page.getByRole('tab', { name: 'Onboarded Nonprofit' }).click()
    await tableRow(page, ALPHA.charityName).waitFor({ state: 'visible' })
    assert.equal(await tableRow(page, PRAIRIE).count(), 0)

    // The same file again changes nothing.
    await page.getByRole('tab', { name: 'Imported Nonprofit' }).click()
    await page.getByRole('button', { name: 'Import Business Master File' }).click()
    const again = await openDialog(page, 'Import Business Master File')
    await again.locator('input[type="file"]').setInputFiles(BMF_FILE)
    await again.getByRole('button', { name: 'Upload', exact: true }).click()
    await again.getByText('Invalid rows', { exact: true }).waitFor({ state: 'visible' })
    const againCount = async (label) =>
      (
        await again
          .locator('th', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::td[1]')
          .innerText()
      ).trim()
    assert.equal(await againCount('New'), '0')
    assert.equal(await againCount('Changed'), '0')
    assert.equal(await againCount('Unchanged'), '3')
    await again.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel', exact: true }).click()
    await again.waitFor({ state: 'hidden' })
  },
  { timeout: 120_000 },
)

step(
  env,
  'the main admin onboards two imported nonprofits, approves one and rejects the other with a reason',
  async () => {
    await ensureSetup()
    const page = await signInAsAdmin()
    await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)

    // The IRS file has 'IL', the city in capitals and the contact whole ('% JANE DOE').
    for (const { name, slug, city, first, last } of [
      { name: PRAIRIE, slug: 'prairie', city: 'Springfield', first: 'Jane', last: 'Doe' },
      { name: LAKESIDE, slug: 'lakeside', city: 'Chicago', first: 'John', last: 'Roe' },
    ]) {
      await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)
      await page.getByRole('tab', { name: 'Imported Nonprofit' }).click()
      await tableRow(page, name)
        .getByRole('link', { name: `Onboard ${name}` })
        .click()
      await expectPath(page, /^\/master\/charity_edit\/[^/]+$/)
      const nameBox = field(page, 'Nonprofit Name')
      await eventually(async () => (await nameBox.inputValue()) === name, { what: `the form shows ${name}` })
      // Chosen from the lists, as the lists name them; the contact split in two.
      assert.equal(await chosenIn(page, 'Country'), 'United States')
      assert.equal(await chosenIn(page, 'State'), 'Illinois')
      await eventually(async () => (await chosenIn(page, 'City')) === city, { what: `city ${city}` })
      assert.equal(await field(page, 'Admin First Name').inputValue(), first)
      assert.equal(await field(page, 'Admin Last Name').inputValue(), last)
      await completeImported(page, { slug })
      if (slug === 'prairie') await screenshots(page, 'charity-onboard-form')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      // It is not onboarded yet: it waits for approval, where the user is taken.
      await expectToast(page, 'Nonprofit updated successfully. It now waits for approval in New Nonprofit (Pending).')
      await expectPath(page, NEW_PATH)
      await page.getByRole('tab', { name: 'Pending', selected: true }).waitFor({ state: 'visible' })
      await tableRow(page, name).waitFor({ state: 'visible' })
      if (slug === 'prairie') await screenshots(page, 'charity-onboarded-pending')
      await dismissToasts(page)
    }
    // Onboarded ones leave the Imported tab; they wait in New Nonprofit.
    await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)
    await page.getByRole('tab', { name: 'Imported Nonprofit' }).click()
    await tableRow(page, RIVERBEND).waitFor({ state: 'visible' })
    assert.equal(await tableRow(page, PRAIRIE).count(), 0)
    assert.equal(await tableRow(page, LAKESIDE).count(), 0)

    await goViaMenu(page, NEW_MENU, NEW_PATH)
    await tableRow(page, PRAIRIE).waitFor({ state: 'visible' })
    await tableRow(page, LAKESIDE).waitFor({ state: 'visible' })

    // Approve Prairie.
    await tableRow(page, PRAIRIE)
      .getByRole('link', { name: `View ${PRAIRIE}` })
      .click()
    await expectPath(page, /^\/master\/master_view\/[^/]+$/)
    // The IRS file's capitals are shown in title case (the stored name is kept, as the row's link shows).
    await page.getByText('Prairie Food Pantry', { exact: true }).first().waitFor({ state: 'visible' })
    // Saved with the lists' names, and the IRS zip+4 formatted.
    await page
      .getByText('100 MAIN ST, Springfield, Illinois, United States, 62701-1234', { exact: true })
      .waitFor({ state: 'visible' })
    await page.getByRole('button', { name: 'Approve' }).click()
    await confirmDialog(page, 'Are you sure you want to Approve ?', 'Yes')
    await seeToast(page, 'Nonprofit approved successfully')
    await expectPath(page, NEW_PATH)
    await tableRow(page, LAKESIDE).waitFor({ state: 'visible' })
    assert.equal(await tableRow(page, PRAIRIE).count(), 0)

    // Reject Lakeside: the reason is required.
    await tableRow(page, LAKESIDE)
      .getByRole('link', { name: `View ${LAKESIDE}` })
      .click()
    await expectPath(page, /^\/master\/master_view\/[^/]+$/)
    await page.getByRole('button', { name: 'Reject' }).click()
    const reject = await openDialog(page, 'Are you sure you want to Reject ?')
    await reject.getByRole('button', { name: 'Yes', exact: true }).click()
    await expectFieldErrors(page, ['Please Enter Add Reason'], { only: true })
    assert.equal(
      env.requests.filter((r) => new URL(r.url).pathname === '/admin/charity/changeVerification' && r.method === 'POST')
        .length,
      1,
      'only the approval was sent',
    )
    await reject.getByLabel('Reason', { exact: true }).fill(REJECT_REASON)
    await reject.getByRole('button', { name: 'Yes', exact: true }).click()
    await seeToast(page, 'Nonprofit rejected successfully')
    await expectPath(page, NEW_PATH)

    // The Rejected tab shows it, with its reason.
    await page.getByRole('tab', { name: 'Rejected' }).click()
    await tableRow(page, LAKESIDE).waitFor({ state: 'visible' })
    await tableRow(page, LAKESIDE)
      .getByRole('button', { name: `Rejected reason of ${LAKESIDE}` })
      .click()
    const reason = await openDialog(page, 'Rejected Reason')
    assert.equal(await reason.getByLabel('Reason', { exact: true }).inputValue(), REJECT_REASON)
    assert.equal(await reason.getByRole('button', { name: 'Yes' }).count(), 0)
    await reason.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel', exact: true }).click()
    await reason.waitFor({ state: 'hidden' })

    // The approved one is onboarded in Nonprofit Management.
    await goViaMenu(page, MANAGEMENT_MENU, MANAGEMENT_PATH)
    await tableRow(page, PRAIRIE).waitFor({ state: 'visible' })
    assert.equal(await tableRow(page, LAKESIDE).count(), 0)
    await waitChecked(statusSwitch(page, PRAIRIE), true)
  },
  { timeout: 240_000 },
)

step(env, 'the cause list exports the causes as a real .xlsx file', async () => {
  await ensureSetup()
  const page = await signInAsAdmin()
  await goViaMenu(page, CAUSE_MENU, CAUSE_PATH)
  await tableRow(page, CAUSE.name).waitFor({ state: 'visible' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ])
  assert.equal(download.suggestedFilename(), 'causes.xlsx')
  const file = await download.path()
  const bytes = readFileSync(file)
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip file')
  assert.ok(bytes.includes(Buffer.from('xl/worksheets/')), 'a spreadsheet with worksheets')
  assert.ok(bytes.includes(Buffer.from('[Content_Types].xml')), 'an Office Open XML package')
})
