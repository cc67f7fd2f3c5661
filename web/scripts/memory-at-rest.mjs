/**
 * The embedded console's memory at rest (issue 35 section 3): `deploy/scripts/bench.sh memory`.
 * Starts the giving-console binary (GC_BIN; bench.sh passes the release build) on a new data
 * folder with the demo data set (DEMO_DATA=1), signs in as the main admin in Chromium, opens
 * every menu entry of the route table (src/routes.tsx) and every tab of each, then leaves the
 * console alone and reads its resident memory from /proc. Prints one line a stage: fresh
 * (answering, the demo data loaded), after the walk, and at rest (REST_SECONDS later, 75 by
 * default), with the peak (VmHWM). A figure, not a test: it asserts only that the walk worked.
 */
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  launchBrowser,
  newPage,
  routeTable,
  signIn,
  startConsole,
} from '../e2e/harness.mjs'

const REST_SECONDS = Number(process.env.REST_SECONDS ?? 75)
const MAIN_ADMIN = { _id: 'main', adminType: 'Admin', permissions: [] }

/** Resident and peak memory of `pid`, MB (from /proc/PID/status). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

function report(stage, pid) {
  const { rss, peak } = memory(pid)
  console.log(`${stage.padEnd(34)} resident ${rss.toFixed(1)} MB   peak ${peak.toFixed(1)} MB`)
}

/** The page's requests to /admin/ that answered 4xx or 5xx. */
function failures(page) {
  const failed = []
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/admin/') && res.status() >= 400)
      failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`)
  })
  return failed
}

const { ROUTES, canAccessRoute } = await routeTable()
const menu = ROUTES.filter((r) => r.layout === 'shell' && r.menu && canAccessRoute(MAIN_ADMIN, r))
const console_ = await startConsole({ DEMO_DATA: '1' })
const env = { ...console_, browser: await launchBrowser(), requests: [] }
try {
  // The demo data is written before the console answers; give its background work (the outbox,
  // the bus's first deliveries) a moment before the first figure.
  await sleep(5000)
  report('fresh, demo data loaded', env.pid)
  const page = await newPage(env, { viewport: { width: 1440, height: 900 } })
  const failed = failures(page)
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  for (const route of menu) {
    await page.goto(`${env.baseURL}${route.path}`)
    await page.waitForLoadState('networkidle')
    const tabs = page.getByRole('main').getByRole('tab')
    for (let i = 1; i < (await tabs.count()); i++) {
      await tabs.nth(i).click()
      await page.waitForLoadState('networkidle')
    }
  }
  console.log(
    `walked ${menu.length} menu entries; failed /admin/ requests: ${failed.length ? failed.join(', ') : 'none'}`,
  )
  report('after the walk', env.pid)
  await env.context?.close()
  await sleep(REST_SECONDS * 1000)
  report(`at rest (${REST_SECONDS} s later)`, env.pid)
  if (failed.length) process.exitCode = 1
} finally {
  await env.browser.close().catch(() => {})
  await env.stop()
}
