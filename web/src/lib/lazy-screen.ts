/**
 * Loads a route's screen chunk. When a chunk cannot be fetched (typically after a deploy
 * replaced the hashed files), the page reloads once to pick up the new build; a flag in
 * sessionStorage stops a reload loop, and the second failure reaches the error fallback.
 */
import type { ComponentType } from 'react'

export type ScreenModule = { default: ComponentType }
export type ScreenLoader = () => Promise<ScreenModule>

export const CHUNK_RELOAD_KEY = 'giving-console-chunk-reload'

export async function loadScreen(loader: ScreenLoader): Promise<ComponentType> {
  try {
    const mod = await loader()
    sessionStorage.removeItem(CHUNK_RELOAD_KEY)
    return mod.default
  } catch (error) {
    if (reloadOnce()) {
      // Keep the router waiting while the page reloads.
      return new Promise<ComponentType>(() => {})
    }
    throw error
  }
}

/** Reloads the page unless it was already reloaded for a failed chunk; tells whether it did. */
export function reloadOnce(): boolean {
  if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
  window.location.reload()
  return true
}
