/**
 * The audit log, as the main admin reads it (menu Audit Log, issue 17): an edit it made appears
 * with its name, module, entity, id and action; its drawer shows the before/after diff; the
 * current filter exports as a real .xlsx; Verify chain says the chain is intact.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  apiSignIn,
  dismissToasts,
  eventually,
  expectPath,
  newPage,
  openMenuEntry,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const env = setupConsole('audit')

const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row')

step(
  env,
  'an edit appears with its actor and changes, its diff opens, the filter exports and the chain verifies',
  async () => {
    // The main admin makes a FAQ category and renames it.
    const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
    const made = await api(env, '/admin/faq-category/create', {
      token: admin.authToken,
      body: { name: 'Audited', description: 'Before' },
    })
    assert.equal(made.status, 200, JSON.stringify(made.body))
    const id = made.body.data._id
    const renamed = await api(env, `/admin/faq-category/update/${id}`, {
      method: 'PATCH',
      token: admin.authToken,
      body: { name: 'Audited twice', description: 'Before' },
    })
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body))

    const page = await newPage(env)
    await page.goto('/signin')
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await dismissToasts(page)
    await openMenuEntry(page, 'Audit Log')
    await expectPath(page, '/audit_log')
    // The record of the rename, found by its entity's id through the entity filter.
    await page.goto(`/audit_log?entity=faq_category`)
    const row = rows(page).filter({ hasText: 'updated' }).filter({ hasText: id })
    await eventually(
      async () => {
        if ((await row.count()) > 0) return true
        await page.reload()
        await rows(page).first().waitFor({ state: 'visible' })
        return false
      },
      { interval: 500, what: 'the rename in the audit log' },
    )
    const text = await row.first().innerText()
    assert.match(text, /\/category/)
    assert.match(text, /Admin/)
    assert.match(text, /[A-Z][a-z]{2} \d{1,2} \d{4},\d{1,2}:\d{2} (am|pm)/)

    await row
      .first()
      .getByRole('button', { name: /^View changes of record / })
      .click()
    const diff = page.getByRole('table', { name: 'Changes' })
    await diff.getByText('Audited twice').waitFor({ state: 'visible' })
    const nameRow = diff.getByRole('row').filter({ hasText: 'name' })
    assert.match(await nameRow.innerText(), /name\s+Audited\s+Audited twice/)
    await page.keyboard.press('Escape')

    const exported = page.waitForRequest((req) => new URL(req.url()).pathname === '/admin/audit/auditList-excel')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ])
    assert.equal(JSON.parse((await exported).postData() ?? '{}').entity, 'faq_category')
    assert.equal(download.suggestedFilename(), 'audit-log.xlsx')
    const bytes = readFileSync(await download.path())
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip file')

    await page.getByRole('button', { name: 'Verify chain' }).click()
    const verdict = page.getByRole('alert').filter({ hasText: 'The chain is intact' })
    await verdict.waitFor({ state: 'visible' })
  },
  { timeout: 180_000 },
)
