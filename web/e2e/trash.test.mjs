/**
 * The trash (issue 36, section 1), as the console's users meet it:
 * (a) a leadership entry deleted from its list comes back with the toast's Undo (reached by the
 *     keyboard: the focus is on it);
 * (b) a deleted FAQ is found in the Trash, restored there, and is back in FAQ Management;
 * (c) two records selected in the Trash are deleted for good at once: gone from the Trash;
 * (d) a sub-admin with only FAQ delete sees the Trash with FAQs only (no module filter, no
 *     leadership record); one without any delete right has no Trash entry nor the screen.
 * Screenshots of the Trash, with rows selected and a confirmation open, at 1440 and 390 px.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PHONE,
  RESULTS_DIR,
  api,
  apiUploadLogo,
  apiCreateSubAdmin,
  apiSignIn,
  confirmDialog,
  dismissToasts,
  eventually,
  expectPath,
  expectToast,
  menuTitles,
  newPage,
  openDialog,
  openMenuEntry,
  screenshots,
  setupConsole,
  signIn,
  step,
  tableRow,
} from './harness.mjs'

const env = setupConsole('trash')

const PASSWORD = 'Trash@1234'
const FAQ_ONLY = { firstName: 'Fay', lastName: 'Quinn', email: 'fay@example.org', password: PASSWORD }
const NO_DELETE = { firstName: 'Ned', lastName: 'Keep', email: 'ned@example.org', password: PASSWORD }

const trashTable = (page) => page.getByRole('table', { name: 'Deleted records' })

async function admin() {
  return (await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)).authToken
}

async function addLeader(token, name) {
  const photo = await apiUploadLogo(env, token, 'leadershipImage')
  const res = await api(env, '/admin/leadership/addLeadership', {
    token,
    body: { name, title: 'Trustee', photo, biography: '<p>Serves.</p>', order: 9, isActive: true },
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data._id
}

async function addFaq(token, categoryId, question) {
  const res = await api(env, '/admin/faq/create', {
    token,
    body: { categoryId, question, answer: '<p>An answer.</p>', order: 1, isActive: true },
  })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data._id
}

async function faqCategory(token, name) {
  const res = await api(env, '/admin/faq-category/create', { token, body: { name, description: 'Trash tests' } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data._id
}

async function signedIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD, landing = '/dashboard', viewport) {
  const page = await newPage(env, viewport ? { viewport } : undefined)
  await page.goto('/signin')
  await signIn(page, email, password, landing)
  await dismissToasts(page)
  return page
}

/** Waits until the Trash's table shows a row with `text` (or none, `present` false). */
async function expectInTrash(page, text, present = true) {
  await eventually(
    async () => {
      if ((await page.locator('.ant-spin-spinning').count()) > 0) return false
      return (await trashTable(page).getByRole('row').filter({ hasText: text }).count()) > 0 === present
    },
    { what: `${text} ${present ? 'in' : 'gone from'} the Trash` },
  )
}

step(env, '(a) a deleted leadership entry comes back with the toast’s Undo', async () => {
  const token = await admin()
  await addLeader(token, 'Ada Undone')
  const page = await signedIn()
  await page.goto('/content_management/leadership')
  await tableRow(page, 'Ada Undone').waitFor({ state: 'visible' })
  await page.getByRole('button', { name: 'Delete Ada Undone' }).click()
  await confirmDialog(page, 'Are you sure you want to Delete ?')
  const undo = page.getByRole('button', { name: 'Undo delete of Ada Undone' })
  await undo.waitFor({ state: 'visible' })
  await eventually(async () => (await tableRow(page, 'Ada Undone').count()) === 0, { what: 'the row to go' })
  // The focus is on Undo: the keyboard alone brings the entry back.
  await eventually(() => undo.evaluate((el) => el === document.activeElement), { what: 'Undo to have the focus' })
  await page.keyboard.press('Enter')
  await expectToast(page, 'Restored successfully')
  await tableRow(page, 'Ada Undone').waitFor({ state: 'visible' })
})

step(env, '(b) a deleted FAQ is restored from the Trash and is back in FAQ Management', async () => {
  const token = await admin()
  const category = await faqCategory(token, 'Giving questions')
  const id = await addFaq(token, category, 'Can I give monthly?')
  const removed = await api(env, `/admin/faq/delete/${id}`, { method: 'DELETE', token })
  assert.equal(removed.status, 200, JSON.stringify(removed.body))

  const page = await signedIn()
  await openMenuEntry(page, 'Trash')
  await expectPath(page, '/trash')
  await page.getByPlaceholder('Search by Name').fill('monthly')
  await page.getByPlaceholder('Search by Name').press('Enter')
  await expectInTrash(page, 'Can I give monthly?')
  const row = trashTable(page).getByRole('row').filter({ hasText: 'Can I give monthly?' })
  assert.match(await row.innerText(), /FAQ Management/)
  await row.getByRole('button', { name: 'Restore Can I give monthly?' }).click()
  await confirmDialog(page, 'Are you sure you want to Restore ?')
  await expectToast(page, 'Restored successfully')
  await expectInTrash(page, 'Can I give monthly?', false)

  await dismissToasts(page)
  await openMenuEntry(page, 'FAQ Management')
  await tableRow(page, 'Can I give monthly?').waitFor({ state: 'visible' })
})

step(env, '(c) two records selected in the Trash are deleted for good at once', async () => {
  const token = await admin()
  for (const name of ['Bea Purged', 'Cy Purged', 'Di Kept']) {
    const id = await addLeader(token, name)
    const res = await api(env, `/admin/leadership/deleteLeadership/${id}`, { method: 'DELETE', token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
  }
  const page = await signedIn()
  await page.goto('/trash?q=Purged')
  await expectInTrash(page, 'Bea Purged')
  await expectInTrash(page, 'Cy Purged')
  // Space toggles the focused checkbox.
  await page.getByRole('checkbox', { name: 'Select Bea Purged' }).focus()
  await page.keyboard.press('Space')
  await page.getByRole('checkbox', { name: 'Select Cy Purged' }).check()
  await page.getByText('2 selected').waitFor({ state: 'visible' })
  const bar = page.getByRole('group', { name: 'Selection' })
  await bar.getByRole('button', { name: 'Delete for good' }).click()
  const box = await openDialog(page, 'Delete 2 records for good? This cannot be undone.')
  await screenshots(page, 'trash-confirm')
  await box.getByRole('button', { name: 'Yes', exact: true }).click()
  await box.waitFor({ state: 'hidden' })
  await expectToast(page, 'Deleted for good 2 of 2')
  await expectInTrash(page, 'Bea Purged', false)
  await expectInTrash(page, 'Cy Purged', false)
  await page.goto('/trash')
  await expectInTrash(page, 'Di Kept')
  await screenshots(page, 'trash')
})

step(
  env,
  '(d) a sub-admin sees the Trash of the modules it may delete in, and none without a delete right',
  async () => {
    const token = await admin()
    const category = await faqCategory(token, 'Sub-admin questions')
    const id = await addFaq(token, category, 'Who may restore?')
    await api(env, `/admin/faq/delete/${id}`, { method: 'DELETE', token })
    await apiCreateSubAdmin(env, { ...FAQ_ONLY, permissions: [{ slug: '/category/FAQ', actions: ['delete'] }] })
    await apiCreateSubAdmin(env, { ...NO_DELETE, permissions: [{ slug: '/category/FAQ', actions: ['add', 'edit'] }] })

    const page = await signedIn(FAQ_ONLY.email, PASSWORD, /^\/category\/faq$/i)
    assert.ok((await menuTitles(page)).includes('Trash'), 'the Trash entry for a FAQ deleter')
    await openMenuEntry(page, 'Trash')
    await expectPath(page, '/trash')
    await expectInTrash(page, 'Who may restore?')
    // Only FAQs: the leadership entry left in the trash is not listed, and there is no module filter.
    await expectInTrash(page, 'Di Kept', false)
    assert.equal(await page.getByLabel('Filter by Module').count(), 0)
    const modules = await trashTable(page).locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts()
    assert.ok(modules.length > 0 && modules.every((m) => m.trim() === 'FAQ Management'), modules.join(', '))

    const other = await signedIn(NO_DELETE.email, PASSWORD, /^\/category\/faq$/i)
    assert.ok(!(await menuTitles(other)).includes('Trash'), 'no Trash entry without a delete right')
    await other.goto('/trash')
    await eventually(async () => new URL(other.url()).pathname !== '/trash', { what: 'the guard to leave /trash' })
  },
)

step(env, 'on a phone, each card has its checkbox and the bar its page checkbox', async () => {
  const page = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard', PHONE)
  await page.goto('/trash')
  await expectInTrash(page, 'Di Kept')
  await page.getByRole('checkbox', { name: 'Select Di Kept' }).check()
  await page.getByText('1 selected').waitFor({ state: 'visible' })
  assert.equal(await page.getByRole('checkbox', { name: 'Select all on this page' }).count(), 1)
  await page.screenshot({ path: join(RESULTS_DIR, 'trash-selected-phone.png'), fullPage: true })
  await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: 'Restore' }).click()
  await openDialog(page, 'Restore 1 record?')
  await page.screenshot({ path: join(RESULTS_DIR, 'trash-confirm-phone-only.png'), fullPage: true })
})
