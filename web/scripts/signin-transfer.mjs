#!/usr/bin/env node
/**
 * What a real browser transfers to show the sign-in page: loads /signin in Chromium
 * (playwright-core, as the e2e harness does) and sums the bytes of every JS and CSS response
 * as they came over the wire (compressed when the server compresses).
 *
 *   node scripts/signin-transfer.mjs [URL] [--budget-kb 250] [--dist dist]
 *
 * Without URL it serves dist/ itself as the BFF serves a production build: each hashed asset
 * from its precompressed `.br` or `.gz` sibling when the browser accepts that encoding
 * (scripts/precompress.mjs writes them), every other path as index.html. Exits 1 past the budget.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/harness.mjs'
import { args, budgetKB, dist } from './options.mjs'

const url = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' }

/** A static server of dist/ with the precompressed assets; resolves to its base URL. */
function serveDist() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
    let file = join(dist, path)
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) file = join(dist, 'index.html')
    const accepted = String(req.headers['accept-encoding'] ?? '')
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    res.setHeader('vary', 'accept-encoding')
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ]) {
      if (file.includes(`${dist}/assets/`) && accepted.includes(encoding) && existsSync(file + suffix)) {
        res.setHeader('content-encoding', encoding)
        createReadStream(file + suffix).pipe(res)
        return
      }
    }
    createReadStream(file).pipe(res)
  })
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ server, base: `http://127.0.0.1:${server.address().port}` })),
  )
}

const own = url ? null : await serveDist()
const base = url ?? own.base
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  const page = await browser.newPage()
  const responses = []
  page.on('requestfinished', (request) => responses.push(request))
  await page.goto(new URL('/signin', base).href, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' })
  let total = 0
  const rows = []
  for (const request of responses) {
    if (!['script', 'stylesheet'].includes(request.resourceType())) continue
    const response = await request.response()
    const sizes = await request.sizes()
    const encoding = (await response?.headerValue('content-encoding')) ?? 'none'
    total += sizes.responseBodySize
    rows.push(
      `  ${new URL(request.url()).pathname.padEnd(44)} ${(sizes.responseBodySize / 1000).toFixed(1).padStart(7)} kB  ${encoding}`,
    )
  }
  console.log(`JS and CSS transferred for ${new URL('/signin', base).href}:`)
  console.log(rows.join('\n'))
  const verdict = `${rows.length} files, ${(total / 1000).toFixed(1)} kB transferred (budget ${budgetKB} kB)`
  if (total > budgetKB * 1000) {
    console.error(`FAIL ${verdict}`)
    process.exitCode = 1
  } else {
    console.log(`OK   ${verdict}`)
  }
} finally {
  await browser.close()
  own?.server.close()
}
