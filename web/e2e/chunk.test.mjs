/**
 * A screen's code chunk that does not load (issue 34 section 3): the console asks for it once
 * more; with no connection it shows the spec's fallback ('Oops , Something is wrong ...',
 * 'Please Refresh', Go Back); after a redeploy (the chunk is gone, the server answers) it
 * reloads the page once to load the new version, and never loops (the failure kept in
 * sessionStorage), though the reloaded page loads the shell's chunk before failing again.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  WEB_ROOT,
  dismissToasts,
  newPage,
  setupConsole,
  signIn,
  step,
} from './harness.mjs'

const env = setupConsole('chunk')
const manifest = JSON.parse(readFileSync(join(WEB_ROOT, 'dist', '.vite', 'manifest.json'), 'utf8'))
/** The Causes list's own chunk (its file name as built). */
const CHUNK = manifest['src/features/cause/screens/CauseListScreen.tsx'].file
const CAUSES = '/master/cause_management'
const FALLBACK = 'Oops , Something is wrong ...'

const isChunk = (url) => new URL(url).pathname === `/${CHUNK}`

/** Follows a link of the console (the router's own navigation, no page load). */
async function follow(page, path) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
}

async function signedIn() {
  const page = await newPage(env, { viewport: DESKTOP })
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await dismissToasts(page)
  return page
}

step(env, 'a chunk that fails once is asked for again and the screen shows', async () => {
  const page = await signedIn()
  let asked = 0
  await page.route(isChunk, (route) => (++asked === 1 ? route.abort('failed') : route.continue()))
  await follow(page, CAUSES)
  await page
    .getByRole('button', { name: 'Add', exact: true })
    .or(page.getByText('Causes/Affiliations Management'))
    .first()
    .waitFor()
  assert.equal(asked, 2)
})

step(env, "no connection: after one retry, the spec's fallback with Please Refresh and Go Back", async () => {
  const page = await signedIn()
  let asked = 0
  let loads = 0
  page.on('load', () => loads++)
  await page.route(isChunk, (route) => {
    asked++
    return route.abort('internetdisconnected')
  })
  // The server does not answer either: the connection is lost, not the chunk.
  await page.route(
    (url) => new URL(url).pathname === '/',
    (route) => route.abort('internetdisconnected'),
  )
  await follow(page, CAUSES)
  await page.getByText(FALLBACK).waitFor()
  assert.equal(asked, 2)
  assert.equal(loads, 0, 'no reload without a connection')
  await page.getByRole('button', { name: 'Please Refresh' }).waitFor()
  await page.getByRole('button', { name: 'Go Back' }).waitFor()
})

step(env, 'after a redeploy (the chunk is gone) the page reloads once, and never loops', async () => {
  const page = await signedIn()
  let asked = 0
  await page.route(isChunk, (route) => {
    asked++
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
  })
  const reloaded = page.waitForEvent('load')
  await follow(page, CAUSES)
  await reloaded
  let loads = 0
  page.on('load', () => loads++)
  // The reload is remembered for the tab: the same failure again reaches the fallback.
  await page.getByText(FALLBACK).waitFor()
  assert.ok(
    await page.evaluate(() => sessionStorage.getItem('giving-console-chunk-reload') !== null),
    'the reload flag is set',
  )
  assert.equal(loads, 0, 'a second failure does not reload again')
  assert.ok(asked >= 4, `the chunk was asked for twice before each outcome (${asked} requests)`)
  // The new version is there: Please Refresh loads it, and the flag is cleared.
  await page.unroute(isChunk)
  await page.getByRole('button', { name: 'Please Refresh' }).press('Enter')
  await page.getByText('Causes/Affiliations Management').first().waitFor()
})
