/**
 * Accessibility (issue 34 section 1): axe-core's WCAG 2.0 and 2.1 A and AA rules over every
 * screen of the route table (src/routes.tsx, read by `routeTable()`: a screen added later is
 * walked too) at 1440x900 and 390x844, on the demo data set:
 * - the public screens signed out (the sign-in family), each sign-in form also with its
 *   messages shown;
 * - every shell screen the main admin may open, a record's screens on a record of the demo
 *   data (the link its module's list shows), with a dialog open where the screen has one
 *   (a row's status or delete confirmation, or the screen's own dialog of DIALOGS), and a
 *   list's saved views panel open where it has one;
 * - the nonprofit admin's own screens, signed in as a demo nonprofit's admin;
 * - the command palette (Ctrl+K) with screens and records listed, over the dashboard.
 * A violation of serious or critical impact fails the screen's test; every violation found
 * (any impact) is written to web/test-results/a11y-summary.json. One console, one browser, one
 * page per persona: each screen is opened once and measured at both widths.
 */
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { after } from 'node:test'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO,
  DESKTOP,
  PHONE,
  RESULTS_DIR,
  api,
  apiCreateNonprofit,
  apiCreateSubAdmin,
  apiNonprofitBasics,
  apiSignIn,
  dismissToasts,
  escapeRegExp,
  eventually,
  expectPath,
  fieldErrors,
  newPage,
  routeTable,
  settled,
  setupConsole,
  signIn,
  step,
  storedSession,
  waitForMailLink,
} from './harness.mjs'

/** axe-core's script, evaluated in the page (the console's Content-Security-Policy refuses an inline script tag). */
const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** The rules run: WCAG 2.0 and 2.1, levels A and AA. */
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
}
/** The impacts that fail a screen. */
const FAILING = new Set(['serious', 'critical'])
const WIDTHS = [
  ['1440', DESKTOP],
  ['390', PHONE],
]
/** A demo nonprofit's admin (catalogue demo.rs: admin@<name's letters>.example.org). */
const DEMO_NPO = { email: 'admin@harborfoodbank.example.org', password: 'Harbor@123' }
/** A sub-admin, so that the Sub Admin list has a record to open. */
const SUB_ADMIN = { firstName: 'Ada', lastName: 'Access', email: 'ada.access@example.org', password: 'Access@123' }
/** Stands for the mailed token of the reset and set-password links. */
const TOKEN = 'a11y-check-token'

/**
 * Screens whose dialog is not a list row's status or delete confirmation: how to open it (the
 * first control that shows). The rest open the first row's status switch or Delete button.
 */
const DIALOGS = {
  '/master/charity_category_management': [(page) => page.getByRole('button', { name: 'Add', exact: true })],
  '/category': [(page) => page.getByRole('button', { name: 'Add', exact: true })],
  '/strategic/pending_strategic_partner': [(page) => page.getByRole('button', { name: /rejected reason/i })],
  '/strategic/strategic_view/:id': [(page) => page.getByRole('button', { name: /^(Approve|Reject)$/ })],
  '/master/master_view/:id': [(page) => page.getByRole('button', { name: /^(Approve|Reject)$/ })],
  '/chat': [(page) => page.getByRole('button', { name: 'New conversation' })],
  '/event/event_view/:id': [(page) => page.getByRole('button', { name: /^Remove / })],
  '/community/Community_view/:id': [(page) => page.getByRole('button', { name: /^(Hide|Deactivate) / })],
  '/content_management/privacy_policy': [(page) => page.getByRole('button', { name: /^View revision/ })],
}
const ROW_DIALOGS = [
  (page) => page.getByRole('switch', { name: /^Status of / }),
  (page) => page.getByRole('button', { name: /^Delete / }),
]

const { ROUTES, canAccessRoute } = await routeTable()
const MAIN_ADMIN = { _id: 'main', adminType: 'Admin', permissions: [] }

/**
 * What the demo data set lacks for every screen to show a record (a sub-admin, a nonprofit in New
 * Nonprofit), and the demo nonprofit admin's password.
 */
const env = setupConsole('a11y', DEMO, async (env) => {
  await apiCreateSubAdmin(env, { ...SUB_ADMIN, permissions: [{ slug: '/donor', actions: ['view'] }] })
  const { authToken: token } = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const basics = await apiNonprofitBasics(env, token, { category: 'Access Checks', cause: 'Readable Screens' })
  const rejected = await apiCreateNonprofit(env, token, {
    ...basics,
    charityName: 'Contrast Collective',
    taxId: '44-4444444',
  })
  const reject = await api(env, '/admin/charity/changeVerification', {
    token,
    body: { charityId: rejected._id, adminVerification: 'Reject', rejectReason: 'The Tax ID does not match.' },
  })
  assert.equal(reject.status, 200, JSON.stringify(reject.body))
  // A record in the trash, so the Trash is measured with a row and its confirmation open.
  const made = await api(env, '/admin/faq-category/create', {
    token,
    body: { name: 'Deleted Questions', description: 'Waits in the trash' },
  })
  assert.equal(made.status, 200, JSON.stringify(made.body))
  const trashed = await api(env, `/admin/faq-category/delete/${made.body.data._id}`, { method: 'DELETE', token })
  assert.equal(trashed.status, 200, JSON.stringify(trashed.body))
  // The demo nonprofit's admin was invited when the demo data approved its nonprofit.
  const { link } = await waitForMailLink(env, DEMO_NPO.email, '/set_password/')
  const set = await api(env, '/admin-login/setPassword', {
    body: { token: link.split('/').pop(), newPassword: DEMO_NPO.password },
  })
  assert.equal(set.status, 200, JSON.stringify(set.body))
})

/** Everything found, for web/test-results/a11y-summary.json. */
const summary = { screens: 0, measurements: 0, violations: [], savedViewsPanels: [], bulkMeasured: [] }
after(() => {
  writeFileSync(join(RESULTS_DIR, 'a11y-summary.json'), JSON.stringify(summary, null, 2))
  const failing = summary.violations.filter((v) => FAILING.has(v.impact)).length
  console.log(
    `# axe: ${summary.screens} screens, ${summary.measurements} measurements (${summary.savedViewsPanels.length} with a list's saved views open), ${summary.violations.length} violations (${failing} serious or critical)`,
  )
})

/** The pages of each persona, kept between the screens' tests. */
const pages = {}

async function pageOf(persona) {
  if (pages[persona] && !pages[persona].isClosed()) return pages[persona]
  // One context per persona: a new context closes the previous one (newPage).
  const page = await newPage(env, { viewport: DESKTOP })
  if (persona === 'admin') {
    await page.goto('/signin')
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  } else if (persona === 'charity') {
    await page.goto('/charity-signin')
    await signIn(page, DEMO_NPO.email, DEMO_NPO.password, '/my_nonprofit', '/charity-signin')
  }
  await dismissToasts(page)
  for (const other of Object.keys(pages)) delete pages[other]
  pages[persona] = page
  return page
}

/**
 * Waits until the screen is still: no request of the page unanswered (the chat's socket aside),
 * no spinner or skeleton, no animation running.
 */
async function settle(page) {
  let calm = 0
  await eventually(
    async () => {
      const still =
        !env.requests.some((r) => r.status === null && !/\/socket\.io\//.test(r.url)) &&
        (await page.evaluate(
          () =>
            !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-spin-fullscreen-show') &&
            document
              .getAnimations()
              .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        ))
      calm = still ? calm + 1 : 0
      return calm >= 2
    },
    { interval: 100, timeout: 20_000, what: 'the screen to settle' },
  )
}

/** The screen's own breadcrumb: the last one, its title in the route table. */
const lastCrumb = (page) => page.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)').last()

/**
 * Opens `url`, a screen of `route`, and waits until that screen shows and is still. A public
 * screen loads the page; inside the shell the console already loaded follows the history as
 * for a link of its own, and the screen shows once the shell's last breadcrumb reads its title
 * (the router changes screens only when the new one's code is there).
 */
async function visit(page, url, route) {
  const at = new URL(page.url())
  if (route.layout === 'public' || at.origin !== new URL(env.baseURL).origin) {
    await page.goto(url)
  } else if (at.pathname + at.search !== url) {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url)
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    }, url)
  }
  await expectPath(page, new URL(url, 'http://x').pathname)
  if (route.layout === 'shell') {
    await eventually(async () => (await lastCrumb(page).innerText()).trim() === route.title, {
      what: `the screen ${route.title}`,
    })
  }
  await settle(page)
}

/** axe's violations on the page (or inside `within`, a CSS selector). */
async function axe(page, within) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT)
  return page.evaluate(
    async ({ within, options }) => {
      const result = await window.axe.run(within ? { include: [within] } : document, options)
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }))
    },
    { within, options: AXE_OPTIONS },
  )
}

/** Measures the page as it is; records and returns what fails. */
async function measure(page, where, within) {
  const found = await axe(page, within)
  summary.measurements += 1
  for (const v of found) summary.violations.push({ where, ...v })
  return found
    .filter((v) => FAILING.has(v.impact))
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, '\n      ')}`).join('\n')}`,
    )
}

/** Opens the screen's dialog (DIALOGS, else a row's confirmation); the dialog, or null when it has none. */
async function openScreenDialog(page, pattern) {
  for (const opener of [...(DIALOGS[pattern] ?? []), ...ROW_DIALOGS]) {
    const control = opener(page).first()
    if (!(await control.isVisible())) continue
    await control.click()
    const box = page.locator('.ant-modal-wrap:visible [role="dialog"]').last()
    await settled(box)
    await settle(page)
    return box
  }
  return null
}

async function closeDialog(page) {
  await page.keyboard.press('Escape')
  await page.locator('.ant-modal-wrap:visible').first().waitFor({ state: 'hidden' })
  await settle(page)
}

/** Measures the screen at `url` at both widths, with its dialog open where it has one. */
async function measureScreen(page, route, url, extra) {
  const pattern = route.path
  await page.setViewportSize(DESKTOP)
  await visit(page, url, route)
  summary.screens += 1
  const failures = []
  for (const [width, viewport] of WIDTHS) {
    await page.setViewportSize(viewport)
    await settle(page)
    failures.push(...(await measure(page, `${pattern} @${width}`)))
    const dialog = await openScreenDialog(page, pattern)
    if (dialog) {
      await dialog.evaluate((el) => el.setAttribute('data-axe-dialog', ''))
      failures.push(...(await measure(page, `${pattern} @${width} (dialog)`, '[data-axe-dialog]')))
      await closeDialog(page)
    }
    if (extra) failures.push(...(await extra(page, width)))
  }
  await page.setViewportSize(DESKTOP)
  assert.deepEqual(failures, [], `serious or critical violations:\n${failures.join('\n')}`)
}

/**
 * A list's saved views (issue 36): where the screen has the Views control, its panel is opened
 * (the account's views asked for), measured, and closed again with Escape.
 */
async function withSavedViews(page, width) {
  const button = page.getByRole('button', { name: 'Views', exact: true })
  if (!(await button.isVisible())) return []
  await button.click()
  const panel = page.getByRole('group', { name: /^Saved views of / })
  await panel.waitFor({ state: 'visible' })
  await settle(page)
  const found = await measure(page, `${new URL(page.url()).pathname} @${width} (saved views)`)
  summary.savedViewsPanels.push(`${new URL(page.url()).pathname} @${width}`)
  await page.keyboard.press('Escape')
  await panel.waitFor({ state: 'hidden' })
  return found
}

/**
 * Bulk actions (issue 36): on the donor list, a row is selected (the selection bar and its
 * actions measured), then the bar's Deactivate confirm is opened and measured, and both closed.
 */
async function withBulk(page, width) {
  if (new URL(page.url()).pathname !== '/donor') return []
  const box = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first()
  if (!(await box.isVisible())) return []
  await box.check()
  const bar = page.getByRole('group', { name: 'Selection' })
  const deactivate = bar.getByRole('button', { name: /Deactivate$/ })
  await deactivate.waitFor({ state: 'visible' })
  await settle(page)
  const found = await measure(page, `/donor @${width} (rows selected)`)
  await deactivate.click()
  const dialog = page.locator('.ant-modal-wrap:visible [role="dialog"]').last()
  await settled(dialog)
  await dialog.evaluate((el) => el.setAttribute('data-axe-dialog', ''))
  found.push(...(await measure(page, `/donor @${width} (bulk confirm)`, '[data-axe-dialog]')))
  summary.bulkMeasured.push(`/donor @${width}`)
  await closeDialog(page)
  await bar.getByRole('button', { name: 'Clear' }).click()
  return found
}

/** '/donor/donor_view/:id' as a pattern of a link's path. */
function patternRegExp(pattern) {
  return new RegExp(`^${escapeRegExp(pattern).replace(/:[A-Za-z_]+/g, '[^/]+')}$`)
}

/** The links of the page (path and query), in order. */
const linksOf = (page) =>
  page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL(a.href).pathname + new URL(a.href).search))

/** The links each list screen shows, over its tabs (asked once per list). */
const listLinks = new Map()

async function linksOfList(page, list) {
  const path = list.path
  if (!listLinks.has(path)) {
    await visit(page, path, list)
    const links = await linksOf(page)
    const tabs = page.getByRole('tab')
    for (let i = 1; i < (await tabs.count()); i++) {
      await tabs.nth(i).click()
      await settle(page)
      links.push(...(await linksOf(page)))
    }
    listLinks.set(path, links)
  }
  return listLinks.get(path)
}

/**
 * Where a screen of a record is opened: a link of its module's list (any tab) to a record of the
 * demo data, its path only, or with its `?id=` for a path that takes it so. A screen of no
 * record opens at its pattern.
 */
async function urlOf(page, route, user) {
  const needsRecord = /:/.test(route.path)
  const list =
    !route.menu && route.module
      ? ROUTES.find((r) => r.menu && r.module === route.module && canAccessRoute(user, r))
      : null
  if (!list) return needsRecord ? null : route.path
  const matches = patternRegExp(route.path)
  for (const link of await linksOfList(page, list)) {
    const { pathname, searchParams } = new URL(link, 'http://x')
    if (!matches.test(pathname)) continue
    if (needsRecord) return pathname
    if (searchParams.get('id')) return `${pathname}?id=${searchParams.get('id')}`
  }
  return needsRecord ? null : route.path
}

/** A public sign-in form with its messages shown (Sign In pressed on the empty form). */
async function withMessages(page, width) {
  const submit = page.getByRole('button', { name: /^(Sign In|Reset Password|Set Password|Save)$/ }).first()
  if (!(await submit.isVisible())) return []
  await submit.click()
  await fieldErrors(page).first().waitFor({ state: 'visible' })
  await settle(page)
  return measure(page, `${page.url().replace(/^https?:\/\/[^/]+/, '')} @${width} (messages)`)
}

const publicRoutes = ROUTES.filter((r) => r.layout === 'public')
const adminRoutes = ROUTES.filter((r) => r.layout === 'shell' && canAccessRoute(MAIN_ADMIN, r))
const charityOnly = ROUTES.filter((r) => r.layout === 'shell' && r.audience === 'charity')

for (const route of publicRoutes) {
  step(env, `${route.path} (signed out)`, async () => {
    const page = await pageOf('visitor')
    await measureScreen(page, route, route.path.replace(/:[A-Za-z_]+/g, TOKEN), withMessages)
    await expectPath(page, route.path.replace(/:[A-Za-z_]+/g, TOKEN))
  })
}

for (const route of adminRoutes) {
  step(env, `${route.path} (main admin)`, async () => {
    const page = await pageOf('admin')
    const url = await urlOf(page, route, MAIN_ADMIN)
    assert.ok(url, `no record to open ${route.path} with: its list shows no link to it`)
    await measureScreen(page, route, url, async (p, width) => [
      ...(await withSavedViews(p, width)),
      ...(await withBulk(p, width)),
    ])
    if (route.path === '/donor') {
      assert.deepEqual(
        summary.bulkMeasured,
        ['/donor @1440', '/donor @390'],
        'the donor list measured with a row selected',
      )
      assert.deepEqual(
        summary.savedViewsPanels.filter((p) => p.startsWith('/donor @')),
        ['/donor @1440', '/donor @390'],
        'the donor list was measured with its saved views open',
      )
    }
  })
}

// The command palette (issue 36), opened with Ctrl+K over the dashboard, with screens and
// records listed.
step(env, 'the command palette (main admin)', async () => {
  const page = await pageOf('admin')
  const dashboard = ROUTES.find((r) => r.path === '/dashboard')
  await page.setViewportSize(DESKTOP)
  await visit(page, dashboard.path, dashboard)
  await page.getByRole('button', { name: 'Search' }).waitFor()
  const failures = []
  for (const [width, viewport] of WIDTHS) {
    await page.setViewportSize(viewport)
    await settle(page)
    await page.keyboard.press('Control+K')
    const box = page.locator('.ant-modal-wrap:visible [role="dialog"]').last()
    await settled(box)
    await page.keyboard.type('an')
    await box.getByRole('option').first().waitFor()
    await settle(page)
    await box.evaluate((el) => el.setAttribute('data-axe-dialog', ''))
    failures.push(...(await measure(page, `command palette @${width}`, '[data-axe-dialog]')))
    await closeDialog(page)
  }
  await page.setViewportSize(DESKTOP)
  assert.deepEqual(failures, [], `serious or critical violations:\n${failures.join('\n')}`)
})

for (const route of charityOnly) {
  step(env, `${route.path} (nonprofit admin)`, async () => {
    const page = await pageOf('charity')
    const user = (await storedSession(page))?.state?.user
    assert.ok(user && canAccessRoute(user, route), `the demo nonprofit admin may open ${route.path}`)
    await measureScreen(page, route, route.path)
  })
}
