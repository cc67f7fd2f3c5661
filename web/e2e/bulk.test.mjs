/**
 * Bulk actions (issue 36, section 2), as the console's users meet them:
 * (a) three donors selected on /donor (by the keyboard for one), one of which another session
 *     deletes meanwhile; Deactivate asks 'Deactivate 3 rows?' and answers '2 of 3 done, 1
 *     refused', the refused donor named with its reason above the list; the two are inactive;
 * (b) every donor matching a search selected ("Select all 12 matching") and exported: a CSV
 *     named donor-management-<date>.csv with the list's columns and those 12 rows.
 * (c) with the job threshold at 10 (BULK_JOB_THRESHOLD), those 12 deactivated at once run as a
 *     job on the server, its progress polled, then the summary; all 12 are inactive.
 * Screenshots of the bar with rows selected and of the confirm, at 1440 and 390 px.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  PHONE,
  RESULTS_DIR,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  dismissToasts,
  eventually,
  expectToast,
  newPage,
  openDialog,
  screenshots,
  setupConsole,
  signIn,
  step,
  tableRow,
} from './harness.mjs'

// A small job threshold (the BFF's test hook): "all matching" over 10 rows runs as a job.
const env = setupConsole('bulk', { BULK_JOB_THRESHOLD: '10' })

async function admin() {
  return (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
}

async function addDonor(token, firstName, lastName) {
  const email = `${firstName}.${lastName}@example.org`.toLowerCase()
  const res = await api(env, '/admin/user/create', {
    token,
    body: { firstName, lastName, email, phoneNumber: '(555) 123-4567', city: 'Springfield', zipCode: '62701' },
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data._id
}

async function signedIn(viewport) {
  const page = await newPage(env, viewport ? { viewport } : undefined)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard')
  await dismissToasts(page)
  return page
}

const donorsTable = (page) => page.getByRole('table', { name: 'Donors' })
const bar = (page) => page.getByRole('group', { name: 'Selection' })

step(env, '(a) a bulk status change with one refused row', async () => {
  const token = await admin()
  const ids = {}
  for (const last of ['Ames', 'Berg', 'Cole']) ids[last] = await addDonor(token, 'Bulky', last)
  const page = await signedIn()
  await page.goto('/donor?q=Bulky')
  for (const last of ['Ames', 'Berg', 'Cole']) await tableRow(page, `Bulky ${last}`).waitFor({ state: 'visible' })
  // Space toggles the focused checkbox; the others by pointer.
  await page.getByRole('checkbox', { name: 'Select Bulky Ames' }).focus()
  await page.keyboard.press('Space')
  await page.getByRole('checkbox', { name: 'Select Bulky Berg' }).check()
  await page.getByRole('checkbox', { name: 'Select Bulky Cole' }).check()
  await page.getByText('3 selected').waitFor({ state: 'visible' })
  const deactivate = bar(page).getByRole('button', { name: /Deactivate$/ })
  await deactivate.waitFor({ state: 'visible' })
  await screenshots(page, 'bulk-selected')

  // Another session deletes one of them meanwhile.
  const removed = await api(env, `/admin/user/delete/${ids.Cole}`, { method: 'DELETE', token })
  assert.equal(removed.status, 200, JSON.stringify(removed.body))

  await deactivate.click()
  const box = await openDialog(page, 'Deactivate 3 rows?')
  await screenshots(page, 'bulk-confirm')
  await box.getByRole('button', { name: 'Yes', exact: true }).click()
  await box.waitFor({ state: 'hidden' })
  await expectToast(page, '2 of 3 done, 1 refused')
  const refused = page.getByRole('alert').filter({ hasText: 'Not done: 1 row' })
  await refused.waitFor({ state: 'visible' })
  assert.match(await refused.innerText(), /Bulky Cole: /)
  // The list refreshed: the two are inactive, the deleted one gone.
  await eventually(async () => (await tableRow(page, 'Bulky Cole').count()) === 0, { what: 'the deleted row to go' })
  for (const last of ['Ames', 'Berg']) {
    const res = await api(env, `/admin/user/viewUserDetails/${ids[last]}`, { method: 'GET', token })
    assert.equal(res.body.data.donor.isActive, false, last)
  }
  await page.getByRole('button', { name: 'Close the refusals' }).click()
})

step(env, '(b) every donor matching a search, exported as a CSV', async () => {
  const token = await admin()
  for (let i = 1; i <= 12; i += 1) await addDonor(token, 'Exporty', `Number${String(i).padStart(2, '0')}`)
  const page = await signedIn()
  await page.goto('/donor?q=Exporty')
  await tableRow(page, 'Exporty Number').first().waitFor({ state: 'visible' })
  await donorsTable(page).getByRole('checkbox', { name: 'Select all on this page' }).check()
  await page.getByText('10 selected').waitFor({ state: 'visible' })
  await bar(page).getByRole('button', { name: 'Select all 12 matching' }).click()
  await page.getByText('12 selected').waitFor({ state: 'visible' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar(page)
      .getByRole('button', { name: /Export$/ })
      .click(),
  ])
  assert.match(download.suggestedFilename(), /^donor-management-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r\n/)
  assert.equal(lines[0], 'Name,Email,Phone,Location,Total Given,Joined,Status')
  assert.equal(lines.length, 13, lines.join('\n'))
  for (let i = 1; i <= 12; i += 1) {
    const name = `Exporty Number${String(i).padStart(2, '0')}`
    assert.ok(
      lines.some((l) => l.startsWith(`${name},`)),
      name,
    )
  }
})

step(env, '(c) over the job threshold, all matching runs as a job with progress', async () => {
  const token = await admin()
  const page = await signedIn()
  await page.goto('/donor?q=Exporty')
  await tableRow(page, 'Exporty Number').first().waitFor({ state: 'visible' })
  await donorsTable(page).getByRole('checkbox', { name: 'Select all on this page' }).check()
  await bar(page).getByRole('button', { name: 'Select all 12 matching' }).click()
  await page.getByText('12 selected').waitFor({ state: 'visible' })
  await bar(page)
    .getByRole('button', { name: /Deactivate$/ })
    .click()
  const box = await openDialog(page, 'Deactivate 12 rows?')
  const started = page.waitForResponse((r) => r.url().endsWith('/admin/bulk/jobs') && r.request().method() === 'POST')
  const polled = page.waitForResponse((r) => /\/admin\/bulk\/jobs\/[0-9a-f]+$/.test(r.url()))
  await box.getByRole('button', { name: 'Yes', exact: true }).click()
  assert.equal((await started).status(), 200)
  assert.equal((await polled).status(), 200)
  await expectToast(page, 'Donor deactivated successfully')
  const res = await api(env, '/admin/user/userList', { token, body: { search: 'Exporty', isActive: true } })
  assert.equal(res.body.total_records, 0, JSON.stringify(res.body))
})

step(env, 'on a phone, the cards have their checkboxes and the bar the actions', async () => {
  const page = await signedIn(PHONE)
  await page.goto('/donor?q=Bulky')
  await page.getByRole('checkbox', { name: 'Select Bulky Ames' }).check()
  await page.getByText('1 selected').waitFor({ state: 'visible' })
  await bar(page)
    .getByRole('button', { name: /Activate$/ })
    .waitFor({ state: 'visible' })
  await page.screenshot({ path: join(RESULTS_DIR, 'bulk-selected-phone-only.png'), fullPage: true })
  await bar(page)
    .getByRole('button', { name: /Activate$/ })
    .click()
  await openDialog(page, 'Activate 1 row?')
  await page.screenshot({ path: join(RESULTS_DIR, 'bulk-confirm-phone-only.png'), fullPage: true })
})
