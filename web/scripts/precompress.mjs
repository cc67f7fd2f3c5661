#!/usr/bin/env node
/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every hashed
 * asset of dist/assets, so the BFF serves them precompressed (with immutable caching) instead
 * of compressing on each request. Runs after `vite build` (`npm run build`); node:zlib only.
 *   node scripts/precompress.mjs [--dist dist]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const web = resolve(fileURLToPath(new URL('..', import.meta.url)))
const at = process.argv.indexOf('--dist')
const dist = resolve(web, at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : 'dist')
const assets = join(dist, 'assets')

/** Text assets worth compressing; images such as PNG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|wasm|xml)$/

let files = 0
let raw = 0
let br = 0
let gz = 0
for (const name of readdirSync(assets).sort()) {
  if (!COMPRESSIBLE.test(name)) continue
  const path = join(assets, name)
  if (!statSync(path).isFile()) continue
  const bytes = readFileSync(path)
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  const gzip = gzipSync(bytes, { level: 9 })
  writeFileSync(`${path}.br`, brotli)
  writeFileSync(`${path}.gz`, gzip)
  files += 1
  raw += bytes.length
  br += brotli.length
  gz += gzip.length
}
const kb = (n) => `${(n / 1000).toFixed(1)} kB`
console.log(`precompressed ${files} assets in ${assets}: ${kb(raw)} -> ${kb(br)} brotli, ${kb(gz)} gzip`)
