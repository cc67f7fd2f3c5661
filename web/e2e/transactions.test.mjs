/**
 * Transactions, as the main admin reads them from the menu (Transaction Management):
 * filter the list (status, type, recipient type, a date range: each reaches the request and the
 * URL), open a transaction's view (the fee and charge breakdown), and export the current filter
 * as a real .xlsx (a zip package with a worksheet), with the progress shown meanwhile.
 *
 * The console starts with the demo data set (harness DEMO: `DEMO_DATA=1`), so donations exist.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO,
  dismissToasts,
  expectPath,
  newPage,
  openDropdown,
  openMenuEntry,
  settled,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const env = setupConsole('transactions', DEMO)

const MENU = 'Transaction Management'
const LIST_PATH = '/transaction'
const LIST_CALL = '/admin/transaction/transactionList'

async function signInAsAdmin() {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  return page
}

/** Bodies of the transaction list requests sent since the page opened. */
function trackListBodies(page) {
  const bodies = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === LIST_CALL) bodies.push(JSON.parse(req.postData() ?? '{}'))
  })
  return bodies
}

const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row')

async function openList() {
  const page = await signInAsAdmin()
  const bodies = trackListBodies(page)
  await openMenuEntry(page, MENU)
  await expectPath(page, LIST_PATH)
  await page.locator('.ant-table-tbody').waitFor({ state: 'visible' })
  await page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning'))
  assert.ok((await rows(page).count()) > 0, 'the demo data set holds transactions')
  return { page, bodies }
}

async function pick(page, label, option) {
  await page.getByLabel(label, { exact: true }).click()
  const dropdown = await settled(openDropdown(page))
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click()
}

const lastBody = (bodies) => bodies[bodies.length - 1] ?? {}

step(
  env,
  'the filters reach the request and the URL, and a row opens its view with the breakdown',
  async () => {
    const { page, bodies } = await openList()
    const amount = await rows(page).first().locator('td').nth(5).innerText()
    assert.match(amount, /^\$[\d,]+\.\d{2}$/, 'amounts are dollars with cents')
    assert.match(
      await rows(page).first().locator('td').nth(1).innerText(),
      /^[A-Z][a-z]{2} \d{1,2} \d{4},\d{1,2}:\d{2} (am|pm)$/,
    )

    await pick(page, 'Filter by Status', 'Succeeded')
    await page.waitForFunction(() => new URLSearchParams(location.search).get('status') === 'succeeded')
    await pick(page, 'Filter by Type', 'One Time')
    // The request that carries all three filters (the URL can change before it is sent).
    const filtered = page.waitForRequest((r) => {
      if (new URL(r.url()).pathname !== LIST_CALL) return false
      const body = JSON.parse(r.postData() ?? '{}')
      return body.recipientType === 'charity' && body.status === 'succeeded' && body.type === 'one_time'
    })
    await pick(page, 'Filter by Recipient Type', 'Nonprofit')
    await page.waitForFunction(() => new URLSearchParams(location.search).get('recipientType') === 'charity')
    await filtered
    assert.deepEqual(
      { status: lastBody(bodies).status, type: lastBody(bodies).type, recipientType: lastBody(bodies).recipientType },
      { status: 'succeeded', type: 'one_time', recipientType: 'charity' },
    )
    // A date range: this year so far.
    const year = new Date().getFullYear()
    const ranged = page.waitForRequest(
      (r) => new URL(r.url()).pathname === LIST_CALL && 'from' in JSON.parse(r.postData() ?? '{}'),
    )
    await page.goto(`${LIST_PATH}?${new URLSearchParams({ from: `${year}-01-01`, to: `${year}-12-31` })}`)
    await ranged
    assert.equal(lastBody(bodies).from, new Date(year, 0, 1).getTime())
    assert.equal(lastBody(bodies).to, new Date(year, 11, 31, 23, 59, 59, 999).getTime())

    await page.goto(LIST_PATH)
    await rows(page).first().waitFor({ state: 'visible' })
    await rows(page)
      .first()
      .getByRole('link', { name: /^View transaction / })
      .click()
    await expectPath(page, /^\/transaction\/transaction_view\//)
    const breakdown = page
      .getByRole('table', { name: 'Fee and charge breakdown' })
      .or(page.locator('.ant-descriptions').last())
    await breakdown.getByText('Processing Fee').waitFor({ state: 'visible' })
    assert.match(await breakdown.innerText(), /\d+\.\d{2} % = \$[\d,]+\.\d{2}/)
    assert.match(await breakdown.innerText(), /Net\s*\$[\d,]+\.\d{2}/)
  },
  { timeout: 180_000 },
)

step(env, 'Export Excel downloads the current filter as a real .xlsx, with its progress', async () => {
  const { page } = await openList()
  // The list's request with the filter: the screen has taken it (the URL changes first, and
  // a click before the screen catches up would export what it still shows).
  const filtered = page.waitForRequest(
    (r) => new URL(r.url()).pathname === LIST_CALL && JSON.parse(r.postData() ?? '{}').status === 'succeeded',
  )
  await pick(page, 'Filter by Status', 'Succeeded')
  await page.waitForFunction(() => new URLSearchParams(location.search).get('status') === 'succeeded')
  await filtered
  const exported = page.waitForRequest(
    (req) => new URL(req.url()).pathname === '/admin/transaction/TransactionList-excel',
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ])
  assert.equal(JSON.parse((await exported).postData() ?? '{}').status, 'succeeded')
  assert.equal(download.suggestedFilename(), 'transactions.xlsx')
  const bytes = readFileSync(await download.path())
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'a zip file')
  assert.ok(bytes.includes(Buffer.from('xl/worksheets/')), 'a spreadsheet with worksheets')
  // The progress is gone once the file is saved.
  await page
    .getByRole('status')
    .filter({ hasText: /Downloading|Preparing/ })
    .waitFor({ state: 'hidden' })
})
