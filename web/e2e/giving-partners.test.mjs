/**
 * Giving partners (issue 13 section 7): approve one pending partner, reject another with a
 * reason and read the reason back in the Rejected Reason modal; then the approved list's
 * status toggle and delete.
 *
 * The partners come from the demo data set (issue 13 section 3): the console starts with
 * DEMO_DATA=1 (harness DEMO).
 */
import assert from 'node:assert/strict'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  confirmDialog,
  expectPath,
  expectText,
  expectToast,
  newPage,
  openDialog,
  openMenuEntry,
  setupConsole,
  signIn,
  statusSwitch,
  step,
  tableRow,
  waitChecked,
  DEMO,
} from './harness.mjs'

const env = setupConsole('giving-partners', DEMO, prepare)

let pending = []

/** After the console starts (setupConsole), before the first step. */
async function prepare() {
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const res = await api(env, '/admin/strategic-partner/pending-List', {
    token: admin.authToken,
    body: { page: 1, limit: 50, search: '', column: 'name', order: 'asc' },
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  pending = res.body.data.filter((p) => p.adminVerification === 'Pending')
  assert.ok(pending.length >= 2, 'the demo data holds at least two pending partners')
}

const search = async (page, name) => {
  await page.getByPlaceholder('Search By Giving Partner Name').fill(name)
  await tableRow(page, name).first().waitFor({ state: 'visible' })
}

step(env, 'approve a pending partner from its approve link', async () => {
  const [first] = pending
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await openMenuEntry(page, 'Pending/Rejected Partners', 'Giving Partner Management')
  await expectPath(page, '/strategic/pending_strategic_partner')
  await search(page, first.name)
  await page.getByRole('link', { name: `Approve ${first.name}`, exact: true }).click()
  await expectPath(page, `/strategic/strategic_view/${first._id}`)
  await expectText(page, first.emailAddress)
  await confirmDialog(page, 'Are you sure you want to Approve ?')
  await expectToast(page, 'Giving partner approved successfully')
  await expectPath(page, '/strategic')
  await search(page, first.name)
})

step(env, 'reject another with a reason, and read it back in the Rejected Reason modal', async () => {
  const second = pending[1]
  const reason = 'The website and the tax documents do not match'
  const page = env.page
  await page.goto('/strategic/pending_strategic_partner')
  await search(page, second.name)
  await page.getByRole('link', { name: `Reject ${second.name}`, exact: true }).click()
  await expectPath(page, `/strategic/strategic_view/${second._id}`)
  const box = await openDialog(page, 'Are you sure you want to Reject ?')
  await box.getByRole('button', { name: 'Yes', exact: true }).click()
  await box.getByText('Please Enter Add Reason').waitFor({ state: 'visible' })
  await box.getByLabel('Reason').fill(reason)
  await box.getByRole('button', { name: 'Yes', exact: true }).click()
  await box.waitFor({ state: 'hidden' })
  await expectToast(page, 'Giving partner rejected successfully')
  await expectPath(page, '/strategic/pending_strategic_partner')

  await search(page, second.name)
  const row = tableRow(page, second.name).first()
  await row.getByText('Reject', { exact: true }).waitFor({ state: 'visible' })
  assert.equal(await row.getByRole('link', { name: `Reject ${second.name}` }).count(), 0)
  await row.getByRole('button', { name: `View rejected reason of ${second.name}` }).click()
  const modal = await openDialog(page, 'Rejected Reason')
  const text = modal.getByLabel('Reason')
  assert.equal(await text.inputValue(), reason)
  assert.equal(await text.getAttribute('readonly'), '')
  assert.equal(await modal.getByRole('button', { name: 'Yes', exact: true }).count(), 0)
  // SPEC: the read-only reason's dialog closes with Cancel.
  await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel', exact: true }).click()
  await modal.waitFor({ state: 'hidden' })
})

step(env, 'the approved partner: deactivate it, then delete it', async () => {
  const [first] = pending
  const page = env.page
  await page.goto('/strategic')
  await search(page, first.name)
  const toggle = statusSwitch(page, first.name)
  await waitChecked(toggle, true)
  await toggle.click()
  await confirmDialog(page, 'Are you sure Inactive this status ?')
  await expectToast(page, 'Giving partner deactivated successfully')
  await waitChecked(toggle, false)

  await tableRow(page, first.name)
    .first()
    .getByRole('button', { name: `Delete ${first.name}` })
    .click()
  await confirmDialog(page, 'Are you sure you want to Delete ?')
  await expectToast(page, 'Giving partner deleted successfully')
  await tableRow(page, first.name).first().waitFor({ state: 'detached' })
})
