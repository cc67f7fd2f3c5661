/**
 * The command line of the bundle scripts (bundle-size.mjs, signin-transfer.mjs): the web
 * folder, `--dist` (dist/) `--budget-kb` (200, the sign-in route's budget) and `--screen-budget-kb` (350, every other route's).
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const web = resolve(fileURLToPath(new URL('..', import.meta.url)))
export const args = process.argv.slice(2)

/** The value after `--name`, else `fallback`. */
export function option(name, fallback) {
  const at = args.indexOf(name)
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback
}

export const dist = resolve(web, option('--dist', 'dist'))
export const budgetKB = Number(option('--budget-kb', '200'))
export const screenBudgetKB = Number(option('--screen-budget-kb', '350'))
