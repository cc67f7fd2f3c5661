/**
 * What the tabs of one browser share to refresh one session's tokens once (the refresh token is
 * an HttpOnly cookie that must be spent once only: a second spend is taken for a stolen token).
 *
 * - The refresh lock (a Web Lock): one tab refreshes at a time.
 * - The new access token, announced: the tab that refreshed holds a second Web Lock whose name
 *   carries the token until its next refresh, its sign-out or its close. A tab granted the
 *   refresh lock next reads it with `locks.query()`. The lock manager is one for every tab, so
 *   what was announced before the refresh lock was let go is seen by its next holder; the
 *   persisted session in localStorage reaches another tab later than that (Chromium keeps a copy
 *   of the storage in each page and brings the change over on its own channel: CI saw the
 *   second tab granted the lock before the first tab's token reached its storage, and refresh
 *   again). The stored session stays the fallback (a browser without the API, a closed tab).
 */
import { SESSION_STORAGE_KEY, useSession } from './session'

/** The Web Lock every tab takes to refresh, so one refresh token is never spent twice. */
export const REFRESH_LOCK = 'giving-console-refresh'
/** The prefix of the lock that announces a tab's new access token: `${prefix}${ms} ${token}`. */
export const TOKEN_LOCK_PREFIX = 'giving-console-token '

function lockManager(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks
}

/** Runs `task` holding the tabs' refresh lock; without the API, as is. */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = lockManager()
  return locks ? locks.request(REFRESH_LOCK, task) : task()
}

/** Lets go of this tab's announcement (a new one replaces it; a sign-out ends it). */
let withdraw: () => void = () => {}

/**
 * Announces `token` to the other tabs until this tab's next refresh or sign-out; resolves once
 * the announcement is held (call it before letting go of the refresh lock).
 */
export async function announceToken(token: string): Promise<void> {
  withdraw()
  withdraw = () => {}
  const locks = lockManager()
  if (!locks) return
  await new Promise<void>((held) => {
    void locks
      .request(
        `${TOKEN_LOCK_PREFIX}${Date.now()} ${token}`,
        () =>
          new Promise<void>((release) => {
            withdraw = release
            held()
          }),
      )
      .catch(() => held())
  })
}

/** When an access token expires (its `exp`, seconds), 0 when it cannot be read. */
export function expiryOf(jwt: string | undefined): number {
  try {
    const payload = (jwt ?? '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp : 0
  } catch {
    return 0
  }
}

/** The newest access token a tab announced, when it expires after `refused`; else undefined. */
export async function announcedAfter(refused: string | undefined): Promise<string | undefined> {
  const locks = lockManager()
  if (!locks?.query) return undefined
  let newest: { at: number; token: string } | undefined
  try {
    for (const { name } of (await locks.query()).held ?? []) {
      if (!name?.startsWith(TOKEN_LOCK_PREFIX)) continue
      const [at, token] = name.slice(TOKEN_LOCK_PREFIX.length).split(' ')
      if (token && (!newest || Number(at) > newest.at)) newest = { at: Number(at), token }
    }
  } catch {
    return undefined
  }
  // A token from before (an earlier session's, or the refused one itself) is not used.
  return newest && expiryOf(newest.token) > expiryOf(refused) ? newest.token : undefined
}

/** The access token the persisted session holds (another tab may have stored it). */
export function storedAuthToken(): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      state?: { user?: { authToken?: string } | null }
    } | null
    return saved?.state?.user?.authToken || undefined
  } catch {
    return undefined
  }
}

// A signed-out tab announces nothing.
useSession.subscribe((state) => {
  if (!state.user) {
    withdraw()
    withdraw = () => {}
  }
})
