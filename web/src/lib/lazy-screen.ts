/**
 * Loads a route's screen chunk (the router shows the loading state meanwhile: RootLayout's
 * spinner). A chunk that cannot be fetched is asked for once more (a lost packet, a flaky
 * connection). When that fails too and the console's server still answers, the chunk is gone
 * (a redeploy replaced the hashed files): the page reloads once to load the new version. The
 * failure's text (in Chromium it names the chunk's address) is kept in sessionStorage, and the
 * same failure never reloads again: no loop, even though the reloaded page loads other chunks
 * (the shell) before failing again. A later redeploy fails on another address and reloads once
 * more. Otherwise (no connection, or already reloaded for it) the failure reaches the error
 * fallback ('Oops , Something is wrong ...', Please Refresh, Go Back).
 */
import type { ComponentType } from 'react'

export type ScreenModule = { default: ComponentType }
export type ScreenLoader = () => Promise<ScreenModule>
/** Whether the console's server answers now (so a chunk that failed is missing, not unreachable). */
export type ServerProbe = () => Promise<boolean>

export const CHUNK_RELOAD_KEY = 'giving-console-chunk-reload'

/** Asks the server for the page itself, bypassing the cache. */
export const serverAnswers: ServerProbe = async () => {
  try {
    return (await fetch('/', { cache: 'no-store' })).ok
  } catch {
    return false
  }
}

export async function loadScreen(loader: ScreenLoader, probe: ServerProbe = serverAnswers): Promise<ComponentType> {
  let mod: ScreenModule
  try {
    mod = await loader()
  } catch {
    try {
      mod = await loader()
    } catch (error) {
      if ((await probe()) && reloadOnce(String((error as Error)?.message ?? error))) {
        // Keep the router waiting (its loading state) while the page reloads.
        return new Promise<ComponentType>(() => {})
      }
      throw error
    }
  }
  return mod.default
}

/** Reloads the page unless it was already reloaded for this failure; tells whether it did. */
export function reloadOnce(failure: string): boolean {
  if (sessionStorage.getItem(CHUNK_RELOAD_KEY) === failure) return false
  sessionStorage.setItem(CHUNK_RELOAD_KEY, failure)
  window.location.reload()
  return true
}
