#!/usr/bin/env node
/**
 * Bundle budget of the built console (dist/, after `vite build` with `build.manifest`).
 *
 * For each screen (a dynamic entry under src/features/<feature>/screens/), it sums what a browser
 * opening that screen's route first fetches: the JS and CSS of index.html's entry and of its
 * static imports, then the screen's chunk and its static imports, plus the protected shell's chunk
 * for screens inside the shell. Each file is counted once, compressed with brotli (quality 11, as
 * scripts/precompress.mjs writes it) and with gzip (level 9).
 *
 * Prints one line per screen and fails (exit 1) when a route loads more than its budget: the
 * sign-in route (the first page anybody loads) compressed either way (a browser without brotli
 * gets the gzip files), every other route with brotli (what the BFF serves a browser), the
 * protected shell included for the screens inside it. A screen added later has the budget too.
 *   node scripts/bundle-size.mjs [--budget-kb 200] [--screen-budget-kb 350] [--dist dist] [--files]
 * `--files` also lists each file the sign-in route loads.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { args, budgetKB, dist, screenBudgetKB } from './options.mjs'

/** The route whose first load the budget holds: the sign-in screen. */
const SIGN_IN_SCREEN = 'src/features/auth/screens/SignInScreen.tsx'
/** Screens outside the protected shell (they load without its chunk). */
const PUBLIC_SCREENS = /^src\/features\/auth\/screens\/(SignIn|ForgotPassword|ResetPassword|SetPassword)Screen\.tsx$/
/** The protected shell's own chunk, when it is loaded lazily. */
const SHELL = 'src/app/AppShell.tsx'

const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run 'npm run build' first (vite.config.ts sets build.manifest).`)
  process.exit(2)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const entry = manifest['index.html']
if (!entry) throw new Error('The manifest has no index.html entry')

/** Files (JS and CSS) of a chunk and of everything it imports statically. */
function closure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`)
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const dep of chunk.imports ?? []) closure(dep, files, seen)
  return files
}

const sizes = new Map()
function sizeOf(file) {
  let size = sizes.get(file)
  if (!size) {
    const bytes = readFileSync(join(dist, file))
    size = {
      raw: bytes.length,
      br: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length,
      gz: gzipSync(bytes, { level: 9 }).length,
    }
    sizes.set(file, size)
  }
  return size
}

function total(files) {
  const sum = { raw: 0, br: 0, gz: 0, files: files.size }
  for (const file of files) {
    const size = sizeOf(file)
    sum.raw += size.raw
    sum.br += size.br
    sum.gz += size.gz
  }
  return sum
}

const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7)
const entryFiles = closure('index.html')
const shellFiles = manifest[SHELL]?.isDynamicEntry ? closure(SHELL) : new Set()

const screens = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry && /^src\/features\/[^/]+\/screens\/[^/]+\.tsx$/.test(key))
  .sort()
if (!screens.includes(SIGN_IN_SCREEN)) throw new Error(`The manifest has no dynamic chunk for ${SIGN_IN_SCREEN}`)

const rows = screens.map((key) => {
  const files = new Set([...entryFiles, ...(PUBLIC_SCREENS.test(key) ? [] : shellFiles), ...closure(key)])
  return {
    key,
    files,
    name: key
      .replace(/^src\/features\//, '')
      .replace('/screens/', '/')
      .replace(/\.tsx$/, ''),
    sum: total(files),
  }
})

const entrySum = total(entryFiles)
console.log('First load of each route: JS + CSS it requests, in kB (1000 bytes)')
console.log(
  `${'route (screen)'.padEnd(44)} ${'files'.padStart(5)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}`,
)
console.log(
  `${'(entry: index.html)'.padEnd(44)} ${String(entrySum.files).padStart(5)} ${kb(entrySum.raw)} ${kb(entrySum.gz)} ${kb(entrySum.br)}`,
)
if (shellFiles.size) {
  // What the shell adds to the entry's files.
  const shellSum = total(new Set([...shellFiles].filter((file) => !entryFiles.has(file))))
  console.log(
    `${'(+ protected shell, lazy)'.padEnd(44)} ${String(shellSum.files).padStart(5)} ${kb(shellSum.raw)} ${kb(shellSum.gz)} ${kb(shellSum.br)}`,
  )
}
for (const { name, sum } of rows) {
  console.log(`${name.padEnd(44)} ${String(sum.files).padStart(5)} ${kb(sum.raw)} ${kb(sum.gz)} ${kb(sum.br)}`)
}

const signInRow = rows.find((r) => r.key === SIGN_IN_SCREEN)
if (args.includes('--files')) {
  console.log('\nFiles of the sign-in route:')
  for (const file of [...signInRow.files].sort((a, b) => sizeOf(b).br - sizeOf(a).br)) {
    const size = sizeOf(file)
    console.log(`  ${file.padEnd(42)} ${kb(size.raw)} ${kb(size.gz)} ${kb(size.br)}`)
  }
}
const signIn = signInRow.sum
const budget = budgetKB * 1000
const failures = []
const verdict = `sign-in route: ${kb(signIn.br).trim()} kB brotli, ${kb(signIn.gz).trim()} kB gzip (budget ${budgetKB} kB compressed, either way)`
if (Math.max(signIn.br, signIn.gz) > budget) failures.push(verdict)
for (const { key, name, sum } of rows) {
  if (key === SIGN_IN_SCREEN) continue
  if (sum.br > screenBudgetKB * 1000)
    failures.push(`${name}: ${kb(sum.br).trim()} kB brotli (budget ${screenBudgetKB} kB)`)
}
const largest = rows.filter((r) => r.key !== SIGN_IN_SCREEN).sort((a, b) => b.sum.br - a.sum.br)[0]
if (failures.length) {
  for (const failure of failures) console.error(`FAIL ${failure}`)
  process.exit(1)
}
console.log(`OK   ${verdict}`)
console.log(
  `OK   every other route: at most ${kb(largest.sum.br).trim()} kB brotli (${largest.name}; budget ${screenBudgetKB} kB)`,
)
