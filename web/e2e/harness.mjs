/**
 * Shared harness of the end-to-end browser tests (node --test, playwright-core).
 *
 * `setupConsole()` registers `before`/`after` hooks that start one embedded console
 * (target/debug/giving-console) on a free port with a fresh data folder and one headless
 * Chromium, and stop both afterwards. `step()` declares a test that saves a screenshot to
 * web/test-results/ when it fails. The rest are small helpers that act as a person would:
 * sign in through the form, open the account menu, read the menu, read the mailed links.
 *
 * Environment:
 *   GC_BIN            path of the giving-console binary (default: $CARGO_TARGET_DIR/debug or
 *                     <repo>/target/debug)
 *   CHROMIUM_PATH     Chromium executable (default /usr/bin/chromium)
 *   E2E_KEEP_DATA=1   keep each run's data folder (its path is printed)
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const here = dirname(fileURLToPath(import.meta.url))
export const WEB_ROOT = resolve(here, '..')
export const REPO_ROOT = resolve(WEB_ROOT, '..')
export const RESULTS_DIR = join(WEB_ROOT, 'test-results')

export const ADMIN_EMAIL = 'admin@example.org'
export const ADMIN_PASSWORD = 'Admin@123'
export const SESSION_KEY = 'giving-console-session'

/** Longest wait for something to show (ms). */
export const WAIT = 10_000

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** The console binary: GC_BIN, else $CARGO_TARGET_DIR/debug, else <repo>/target/debug. */
export function consoleBinary() {
  if (process.env.GC_BIN) return resolve(process.env.GC_BIN)
  const candidates = []
  if (process.env.CARGO_TARGET_DIR)
    candidates.push(resolve(REPO_ROOT, process.env.CARGO_TARGET_DIR, 'debug', 'giving-console'))
  candidates.push(join(REPO_ROOT, 'target', 'debug', 'giving-console'))
  return candidates.find((p) => existsSync(p)) ?? candidates[0]
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.unref()
    server.on('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => ok(port))
    })
  })
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms))

/** Polls `check` until it returns a truthy value (or throws the last error after `timeout`). */
export async function eventually(check, { timeout = WAIT, interval = 100, what = 'condition' } = {}) {
  const end = Date.now() + timeout
  let last
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (e) {
      last = e
    }
    if (Date.now() > end) throw last ?? new Error(`Timed out waiting for ${what}`)
    await sleep(interval)
  }
}

/** Starts the embedded console; resolves once GET /healthz answers 200. */
export async function startConsole(settings = {}) {
  const bin = consoleBinary()
  if (!existsSync(bin)) {
    throw new Error(`No console binary at ${bin}: run 'cargo build -p console --bin giving-console' (or set GC_BIN)`)
  }
  const webDir = join(WEB_ROOT, 'dist')
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`No built console in ${webDir}: run 'npm run build'`)

  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'gc-e2e-'))
  const baseURL = `http://127.0.0.1:${port}`
  const env = { ...process.env }
  // Settings the run must not inherit: mail goes to files, default token lifetimes and limits.
  for (const name of [
    'SMTP_URL',
    'JWT_SECRET',
    'ACCESS_TOKEN_TTL_SECS',
    'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    'LOGIN_MAX_FAILURES_PER_ADDRESS',
    'LISTEN',
  ]) {
    delete env[name]
  }
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    WEB_DIR: webDir,
    PUBLIC_URL: baseURL,
    RUST_LOG: env.RUST_LOG ?? 'warn',
    ...settings,
  })
  const log = createWriteStream(join(dataDir, 'console.log'))
  const child = spawn(bin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  let exited = null
  const exit = new Promise((ok) => child.once('exit', (code, signal) => ok((exited = { code, signal }))))
  // Should the runner itself end first, do not leave the console running.
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM')
      const done = await Promise.race([exit, sleep(5000).then(() => null)])
      if (!done && !exited) {
        child.kill('SIGKILL')
        await exit
      }
    }
    process.removeListener('exit', killOnExit)
    log.end()
    if (process.env.E2E_KEEP_DATA) console.log(`# console data kept in ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await eventually(
      async () => {
        if (exited)
          throw new Error(
            `giving-console exited early (${JSON.stringify(exited)}); see ${join(dataDir, 'console.log')}`,
          )
        const res = await fetch(`${baseURL}/healthz`)
        return res.status === 200
      },
      { timeout: 30_000, interval: 100, what: `${baseURL}/healthz` },
    )
  } catch (e) {
    if (exited) {
      const text = existsSync(join(dataDir, 'console.log')) ? readFileSync(join(dataDir, 'console.log'), 'utf8') : ''
      e.message += `\n${text.slice(-2000)}`
    }
    await stop()
    throw e
  }
  return { baseURL, port, dataDir, pid: child.pid, stop }
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
}

/**
 * One console and one browser for the calling test file. Returns a live object whose fields
 * (baseURL, dataDir, browser, page, context) are filled in by the `before` hook. `settings`
 * are environment variables of the console (e.g. a short ACCESS_TOKEN_TTL_SECS).
 */
export function setupConsole(name, settings = {}, prepare = null) {
  const env = { name, baseURL: '', dataDir: '', browser: null, context: null, page: null, requests: [] }
  before(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true })
    Object.assign(env, await startConsole(settings))
    env.browser = await launchBrowser()
    await newPage(env)
    // The file's own set-up, once the console answers (a root `before` of the file could run first).
    if (prepare) await prepare(env)
  })
  after(async () => {
    await env.context?.close().catch(() => {})
    await env.browser?.close().catch(() => {})
    await env.stop?.()
  })
  return env
}

/**
 * The console's one route table (src/routes.tsx), read through Vite's module loader (no build,
 * no browser): `{ ROUTES, canAccessRoute, menuRouteOf, ... }`. Suites that walk every screen
 * take their list from it, so a screen added later is walked too.
 */
export async function routeTable() {
  const { createServer } = await import('vite')
  const server = await createServer({
    configFile: false,
    root: WEB_ROOT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    return await server.ssrLoadModule('/src/routes.tsx')
  } finally {
    await server.close()
  }
}

/** The screen sizes the console is tried at (issue 12 section 5): a laptop and a phone. */
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

/**
 * Starts a new browser context (no stored session) with one page, closing the previous one.
 * `viewport` is the page's size (1366x900 unless given, e.g. PHONE).
 */
export async function newPage(env, { viewport = { width: 1366, height: 900 } } = {}) {
  await env.context?.close().catch(() => {})
  env.context = await env.browser.newContext({ baseURL: env.baseURL, viewport })
  env.context.setDefaultTimeout(WAIT)
  env.context.setDefaultNavigationTimeout(WAIT)
  env.page = await env.context.newPage()
  env.requests = []
  const started = new Map()
  env.page.on('request', (req) => {
    const entry = { method: req.method(), url: req.url(), at: Date.now(), status: null }
    started.set(req, entry)
    env.requests.push(entry)
  })
  env.page.on('response', (res) => {
    const entry = started.get(res.request())
    if (entry) entry.status = res.status()
  })
  env.page.on('requestfailed', (req) => {
    const entry = started.get(req)
    if (entry) entry.status = `failed: ${req.failure()?.errorText ?? 'unknown'}`
  })
  return env.page
}

/** A test whose failure leaves a screenshot of the page in web/test-results/. */
export function step(env, title, fn, options = {}) {
  test(title, { timeout: 60_000, ...options }, async (t) => {
    try {
      await fn(t)
    } catch (error) {
      if (env.page && !env.page.isClosed()) {
        const file = join(RESULTS_DIR, `${env.name}-${title}`.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 120) + '.png')
        await env.page
          .screenshot({ path: file, fullPage: true, timeout: 5000 })
          .then(() => console.log(`# screenshot: ${file} (at ${env.page.url()})`))
          .catch(() => {})
      }
      report(env)
      throw error
    }
  })
}

/** What a failed step leaves for whoever reads CI's output: the API calls of the page, then the console's log. */
function report(env) {
  const calls = env.requests.filter((r) => !/\/(assets|media)\//.test(r.url)).slice(-12)
  for (const r of calls) {
    const age = ((Date.now() - r.at) / 1000).toFixed(1)
    console.log(`# call ${r.method} ${new URL(r.url).pathname} -> ${r.status ?? 'no answer yet'} (sent ${age}s ago)`)
  }
  const log = join(env.dataDir ?? '', 'console.log')
  if (env.dataDir && existsSync(log)) {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-20)
    for (const line of lines) console.log(`# console: ${line.slice(0, 400)}`)
  }
}

// ---- what the page shows -------------------------------------------------------------

/** Waits until the page's path is `path` (a string or a RegExp on the pathname). */
export async function expectPath(page, path, timeout = WAIT) {
  await page.waitForURL((url) => (path instanceof RegExp ? path.test(url.pathname) : url.pathname === path), {
    timeout,
  })
}

/** Waits until `text` is visible somewhere on the page (exact text of one element). */
export async function expectText(page, text, options = {}) {
  const locator = page.getByText(text, { exact: true, ...options }).first()
  await locator.waitFor({ state: 'visible', timeout: options.timeout ?? WAIT })
  return locator
}

/** The error messages shown under the form fields (antd's Form, and the sign-in page's LightField). */
export function fieldErrors(page) {
  return page.locator('.ant-form-item-explain-error, [data-field-error]')
}

/**
 * Waits until every message of `expected` is shown under a form field; with `only`, until
 * they are the only ones (messages that no longer apply fade out first). Returns the texts.
 */
export async function expectFieldErrors(page, expected, { only = false } = {}) {
  for (const message of expected) {
    await fieldErrors(page)
      .filter({ hasText: new RegExp(`^${escapeRegExp(message)}$`) })
      .first()
      .waitFor({ state: 'visible' })
  }
  if (!only) return fieldErrors(page).allInnerTexts()
  const want = JSON.stringify([...expected].sort())
  let shown = []
  try {
    return await eventually(async () => {
      shown = await fieldErrors(page).allInnerTexts()
      return JSON.stringify([...shown].sort()) === want && shown
    })
  } catch {
    throw new Error(`Expected only the field errors ${want}, the page shows ${JSON.stringify(shown)}`)
  }
}

export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A toast (antd notification) showing `text`. */
export function toast(page, text) {
  return page.locator('.ant-notification-notice').filter({ hasText: text }).first()
}

export async function expectToast(page, text) {
  await toast(page, text).waitFor({ state: 'visible' })
}

/** The screen sizes of the screenshots: desktop and phone. */
export const SCREENSHOT_SIZES = { desktop: DESKTOP, phone: PHONE }

/**
 * Saves full-page screenshots of the current screen at each of SCREENSHOT_SIZES to
 * web/test-results/<name>-<size>.png (for a person to look at), then restores the viewport.
 */
export async function screenshots(page, name) {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const viewport = page.viewportSize()
  for (const [size, viewportSize] of Object.entries(SCREENSHOT_SIZES)) {
    await page.setViewportSize(viewportSize)
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${size}.png`), fullPage: true })
  }
  if (viewport) await page.setViewportSize(viewport)
}

/** The sidebar menu. */
export function mainMenu(page) {
  return page.getByRole('menu', { name: 'Main menu' })
}

/** The titles of the sidebar menu's entries. */
export async function menuTitles(page) {
  // An empty menu has no height, so it is only 'attached'.
  await mainMenu(page).waitFor({ state: 'attached' })
  return (await mainMenu(page).getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter(Boolean)
}

/** A group (submenu) of the sidebar menu, by its title. */
export function menuGroup(page, title) {
  return mainMenu(page).getByRole('menuitem', { name: title, exact: true })
}

/**
 * Opens the sidebar menu group `title` (when it is closed) and waits until its first entry
 * shows. Entries of a closed group are not shown, so `menuTitles` leaves them out.
 */
export async function openMenuGroup(page, title) {
  const group = menuGroup(page, title)
  await group.waitFor({ state: 'visible' })
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click()
  await eventually(async () => (await group.getAttribute('aria-expanded')) === 'true', {
    what: `menu group ${title} open`,
  })
  // The entries sit in the group's own list, next to its title.
  await group.locator('xpath=following-sibling::ul').getByRole('menuitem').first().waitFor({ state: 'visible' })
}

/** Opens `entry` of the sidebar menu, inside the group `group` when given. */
export async function openMenuEntry(page, entry, group) {
  if (group) await openMenuGroup(page, group)
  // An entry's accessible name starts with its icon's label: match on its text (and the unread
  // count the Message entry may carry after it).
  const item = mainMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(entry)}(\\s*\\d+)?\\s*$`) })
  // A click while the group is still sliding open can land beside the entry (CI saw the
  // page stay put): click again until the menu shows the entry selected.
  await eventually(
    async () => {
      if (await item.evaluate((el) => el.classList.contains('ant-menu-item-selected'))) return true
      await item.click()
      return false
    },
    { interval: 500, what: `menu entry ${entry} selected` },
  )
}

// ---- tables and dialogs --------------------------------------------------------------

/** The table rows showing `text`. */
export function tableRow(page, text) {
  return page.getByRole('row').filter({ hasText: text })
}

/** The status switch of a list row (aria-label 'Status of <name>'). */
export function statusSwitch(page, name) {
  return page.getByRole('switch', { name: `Status of ${name}`, exact: true })
}

/** Waits until a switch shows `checked`. */
export async function waitChecked(locator, checked) {
  await eventually(async () => (await locator.getAttribute('aria-checked')) === String(checked), {
    what: `switch aria-checked=${checked}`,
  })
}

/** The open dialog showing `title`. */
export function dialog(page, title) {
  return page.getByRole('dialog').filter({ hasText: title })
}

/**
 * Waits until `locator` shows and has finished its opening animation. antd zooms a dialog in
 * (and slides a dropdown) for a few hundred ms; a click meanwhile can press the button where
 * it was and release it where it has moved to, so the browser sends no click at all (CI saw a
 * confirmation stay open after its Yes was "clicked").
 */
export async function settled(locator) {
  await locator.waitFor({ state: 'visible' })
  await eventually(
    () =>
      locator.evaluate(
        (el) =>
          !/-(appear|enter|leave)(-\w+)?(\s|$)/.test(el.className) &&
          el.getAnimations().every((a) => a.playState !== 'running'),
      ),
    { interval: 50, what: 'the opening animation to end' },
  )
  return locator
}

/** The input of the page's form labelled exactly `label`. */
export const field = (page, label) => page.locator('form').getByLabel(label, { exact: true })

/** The select dropdown that is open (neither hidden nor closing). */
export const openDropdown = (page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')

/** The form item labelled `label`. */
export function formItem(page, label) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
}

/** What the select labelled `label` shows as chosen: its value, or a multiple select's tags joined by ', ' ('' when none). */
export async function chosenIn(page, label) {
  const shown = formItem(page, label).locator('.ant-select-content-has-value, .ant-select-selection-item')
  const titles = await shown.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? el.textContent ?? ''))
  return titles.join(', ')
}

/**
 * Chooses the option reading `text` (the whole text, any case; with `partial`, containing it)
 * in the select labelled `label`, typing `search` (default `text`) first, and waits until the
 * select shows it chosen. An async select replaces its options when the typed search answers,
 * and a click that meets the list while it changes picks nothing (CI saw "Please select Host"
 * once): so the pick is made again until it shows, 30 s at most. A multiple select's option
 * already chosen is left as it is (a second click would remove it). `close`: Escape after.
 */
export async function choose(page, label, text, { search = text, partial = false, close = false } = {}) {
  const isChosen = async () => (await chosenIn(page, label)).toLowerCase().includes(text.toLowerCase())
  const matches = partial ? new RegExp(escapeRegExp(text), 'i') : new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`, 'i')
  const input = field(page, label)
  await eventually(
    async () => {
      if (await isChosen()) return true
      await input.click()
      await input.fill(search)
      const option = (await settled(openDropdown(page)))
        .locator('.ant-select-item-option')
        .filter({ hasText: matches })
        .first()
      await option.waitFor({ state: 'visible', timeout: 5000 })
      await option.click()
      return eventually(isChosen, { timeout: 2000, what: `${label} to show ${text}` })
    },
    { timeout: 30_000, what: `${text} to be chosen in ${label}` },
  )
  if (close) await page.keyboard.press('Escape')
}

/** Chooses the first option the select labelled `label` offers (checked as [`choose`]); returns what it shows. */
export async function chooseFirst(page, label) {
  return eventually(
    async () => {
      const now = await chosenIn(page, label)
      if (now) return now
      await field(page, label).click()
      const option = (await settled(openDropdown(page))).locator('.ant-select-item-option').first()
      await option.waitFor({ state: 'visible', timeout: 5000 })
      await option.click()
      return eventually(() => chosenIn(page, label), { timeout: 2000, what: `${label} to show a choice` })
    },
    { timeout: 30_000, what: `an option to be chosen in ${label}` },
  )
}

/** The dialog showing `title`, once it is open and still. */
export async function openDialog(page, title) {
  return settled(dialog(page, title))
}

/** Answers the confirmation dialog titled `title` with `answer` and waits until it is gone. */
export async function confirmDialog(page, title, answer = 'Yes') {
  const box = await openDialog(page, title)
  await box.getByRole('button', { name: answer, exact: true }).click()
  await box.waitFor({ state: 'hidden' })
}

// ---- acting as a person --------------------------------------------------------------

/**
 * Opens the sign-in screen `at` (/signin, or /charity-signin for nonprofit admins), fills the
 * form and presses Sign In (does not wait for the outcome).
 */
export async function fillSignIn(page, email, password, at = '/signin') {
  if (new URL(page.url(), 'http://x').pathname !== at) await page.goto(at)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in through the form at `at` and waits until the shell is shown at `landing`. */
export async function signIn(page, email, password, landing = '/dashboard', at = '/signin') {
  await fillSignIn(page, email, password, at)
  await expectPath(page, landing)
  await page.getByTestId('account-menu').waitFor({ state: 'visible' })
}

/** Closes the toasts that are shown (they sit over the header's right end). */
export async function dismissToasts(page) {
  const notices = page.locator('.ant-notification-notice')
  const closers = await notices.locator('.ant-notification-notice-close').all()
  for (const close of closers) await close.click({ timeout: 1000 }).catch(() => {})
  if (closers.length > 0) {
    await eventually(async () => (await notices.count()) === 0, { timeout: 3000, interval: 50 }).catch(() => {})
  }
}

/** Opens the header's account menu and picks `item` ('Change Password' or 'Logout'). */
export async function accountMenu(page, item) {
  await dismissToasts(page)
  await page.getByTestId('account-menu').click()
  const menu = await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave)'))
  // Taking an item closes the menu. A click that lands while the page under it re-renders can
  // be lost (seen once on CI: the menu stayed open on the dashboard), so click again while the
  // menu is still open, three times at most.
  for (let attempt = 1; ; attempt++) {
    await menu.getByRole('menuitem', { name: item }).click()
    try {
      await menu.waitFor({ state: 'hidden', timeout: 3_000 })
      return
    } catch (e) {
      if (attempt === 3) throw e
    }
  }
}

export async function signOut(page) {
  await accountMenu(page, 'Logout')
  await expectPath(page, '/signin')
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })
}

/** The session record stored by the console (localStorage 'giving-console-session'). */
export async function storedSession(page) {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key)
    return raw ? JSON.parse(raw) : null
  }, SESSION_KEY)
}

/** Calls the REST API from the page with the stored bearer token. */
export async function fetchFromPage(page, path, { method = 'POST', body } = {}) {
  return page.evaluate(
    async ({ key, path, method, body }) => {
      const raw = window.localStorage.getItem(key)
      const token = raw ? JSON.parse(raw)?.state?.user?.authToken : undefined
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      let json = null
      try {
        json = await res.json()
      } catch {
        json = null
      }
      return { status: res.status, body: json, hadToken: Boolean(token) }
    },
    { key: SESSION_KEY, path, method, body },
  )
}

// ---- REST set-up (outside the browser) -----------------------------------------------

/** Calls the REST API from Node; returns { status, body }. */
export async function api(env, path, { method = 'POST', body, token } = {}) {
  const res = await fetch(env.baseURL + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json = null
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, body: json }
}

export async function apiSignIn(env, email, password) {
  const res = await api(env, '/admin-login/login', { body: { email, password } })
  assert.equal(res.status, 200, `sign-in of ${email} through the API: ${JSON.stringify(res.body)}`)
  return res.body.data
}

/** Creates a sub-admin through the API as the main admin; returns its id. */
export async function apiCreateSubAdmin(env, { firstName, lastName, email, password, permissions }) {
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const res = await api(env, '/admin/sub-admin/create', {
    token: admin.authToken,
    body: { firstName, lastName, email, password, permissions },
  })
  assert.equal(res.status, 200, `create sub-admin through the API: ${JSON.stringify(res.body)}`)
  return res.body.data._id
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** Uploads the PNG as a nonprofit logo (or into another media folder, `moduleName`) through the API; returns the stored file name. */
export async function apiUploadLogo(env, token, moduleName = 'charity') {
  const form = new FormData()
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'logo.png')
  form.append('moduleName', moduleName)
  const res = await fetch(`${env.baseURL}/local-image/uploadImage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  const uploaded = await res.json()
  assert.equal(res.status, 200, `upload a logo through the API: ${JSON.stringify(uploaded)}`)
  return uploaded.data.name
}

/**
 * What a nonprofit needs before it can be added, through the API: a category, a cause and an
 * uploaded logo. Returns the ids and the logo to spread into `apiCreateNonprofit`.
 */
export async function apiNonprofitBasics(env, token, { category, cause }) {
  const made = await api(env, '/admin/charity-category/create', { token, body: { name: category, description: '' } })
  assert.equal(made.status, 200, `create a category through the API: ${JSON.stringify(made.body)}`)
  const added = await api(env, '/admin/cause/create', { token, body: { name: cause, description: '' } })
  assert.equal(added.status, 200, `create a cause through the API: ${JSON.stringify(added.body)}`)
  return { categoryId: made.body.data._id, causeId: added.body.data._id, logo: await apiUploadLogo(env, token) }
}

/**
 * Adds a nonprofit through the API (approved by being added): `charity` gives at least
 * charityName and taxId, the rest is filled in. Returns its record.
 */
export async function apiCreateNonprofit(env, token, { categoryId, causeId, logo, ...charity }) {
  const slug = charity.charityName.toLowerCase().replace(/[^a-z]+/g, '')
  const made = await api(env, '/admin/charity/create', {
    token,
    body: {
      categoryId,
      causeIds: [causeId],
      mission: '<p>Doing good.</p>',
      description: '',
      logo,
      images: [],
      website: '',
      email: `info@${slug}.example.org`,
      phoneNumber: '5550001111',
      address: '1 Test Way',
      city: 'Springfield',
      state: 'Illinois',
      country: 'United States',
      zipCode: '62701',
      countryId: '',
      stateId: '',
      cityId: '',
      adminFirstName: 'Ada',
      adminLastName: 'Admin',
      adminEmail: `admin@${slug}.example.org`,
      adminPhone: '',
      ...charity,
    },
  })
  assert.equal(made.status, 200, `create ${charity.charityName} through the API: ${JSON.stringify(made.body)}`)
  return made.body.data
}

// ---- mail ----------------------------------------------------------------------------

/** Names of the mail files written so far (DATA_DIR/mail/*.eml). */
export function mailFiles(env) {
  const dir = join(env.dataDir, 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir).filter((f) => f.endsWith('.eml'))
}

/**
 * Waits for a mail to `email` that is not in `seen` (file names) and returns the reset link
 * it carries (the newest such mail).
 */
export async function waitForResetLink(env, email, seen = []) {
  return waitForMailLink(env, email, '/reset_password/', seen)
}

/**
 * Waits for a mail to `email` that is not in `seen` (file names) and carries a
 * `<console>{route}<token>` link; returns the newest such link, its file and text.
 */
export async function waitForMailLink(env, email, route, seen = []) {
  const linkPattern = new RegExp(`${escapeRegExp(env.baseURL + route)}[A-Za-z0-9_-]+`)
  const { match, file, text } = await waitForMailMatch(env, email, linkPattern, seen)
  return { link: match, file, text }
}

/**
 * Waits for a mail to `email` that is not in `seen` (file names) and whose text matches
 * `pattern`; returns the newest such mail's first match (its first group when it has one),
 * file and text (e.g. the code mailed for the two-factor set-up during sign-in).
 */
export async function waitForMailMatch(env, email, pattern, seen = []) {
  const dir = join(env.dataDir, 'mail')
  return eventually(
    () => {
      const fresh = mailFiles(env)
        .filter((f) => !seen.includes(f))
        .sort() // names start with the epoch milliseconds
        .reverse()
      for (const file of fresh) {
        const text = readFileSync(join(dir, file), 'utf8')
        if (!text.split('\n').some((line) => line.trim() === `To: ${email}`)) continue
        const m = text.match(pattern)
        if (m) return { match: m[1] ?? m[0], file: basename(file), text }
      }
      return null
    },
    { timeout: 15_000, interval: 200, what: `a mail to ${email} matching ${pattern} in ${dir}` },
  )
}

/** Console settings that start it with the demo data set (catalogue, donors, donations, partners). */
export const DEMO = { DEMO_DATA: '1', DEMO_DONORS: '60' }

// ---- Chat: the app side (a scripted app user) -------------------------------------------

/**
 * A member token for the donor of `email`, printed by `giving-console member-token <email>` run
 * against the test console's data folder (the command reads the embedded data, not the server).
 */
export async function memberToken(env, email) {
  const bin = consoleBinary()
  const child = spawn(bin, ['member-token', email], {
    env: { ...process.env, DATA_DIR: env.dataDir, RUST_LOG: 'warn', LOG_FORMAT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  const code = await new Promise((ok) => child.once('exit', ok))
  const token = out
    .split(/\s+/)
    .reverse()
    .find((word) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(word))
  assert.ok(
    code === 0 && token,
    `giving-console member-token ${email} (exit ${code}): ${out.slice(-500)} ${err.slice(-500)}`,
  )
  return token
}

/**
 * A scripted app user on namespace /app (socket.io-client from Node), connected with a member
 * token: `ask(event, payload)` resolves with an acknowledgement's data (fails on {ok:false}),
 * `received` holds every server event as [name, payload], `waitFor(name, test)` waits for one.
 */
export async function connectMember(env, token) {
  const { io } = await import('socket.io-client')
  const socket = io(`${env.baseURL}/app`, {
    path: '/socket.io/',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  })
  const received = []
  socket.onAny((name, payload) => received.push([name, payload]))
  await new Promise((ok, fail) => {
    socket.once('connect', ok)
    socket.once('connect_error', (e) =>
      fail(new Error(`/app refused the member: ${e.message} ${JSON.stringify(e.data ?? {})}`)),
    )
  })
  const ask = (event, payload = {}) =>
    new Promise((ok, fail) => {
      socket.timeout(WAIT).emit(event, payload, (timeout, answer) => {
        if (timeout) fail(new Error(`${event}: no acknowledgement`))
        else if (!answer?.ok) fail(new Error(`${event}: ${JSON.stringify(answer)}`))
        else ok(answer.data)
      })
    })
  const waitFor = (name, test = () => true) =>
    eventually(() => received.find(([n, p]) => n === name && test(p))?.[1], {
      what: `the app user to receive '${name}'`,
    })
  return { socket, received, ask, waitFor, close: () => socket.close() }
}
