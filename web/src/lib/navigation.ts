/**
 * Whether "back" stays inside the console. The browser router keeps its history index in
 * `history.state.idx`; other routers (tests use a memory router) only tell whether the
 * current location is the first one (`key === 'default'`).
 */
export function canGoBack(locationKey?: string): boolean {
  const state = window.history.state as { idx?: unknown } | null
  if (typeof state?.idx === 'number') return state.idx > 0
  return locationKey !== undefined && locationKey !== 'default'
}

/**
 * Where a sign-in continues: the console path a signed-out user asked for (the shell passes it
 * as the sign-in's `state.from`), when it is one: a path of this site only (never `//host` or a
 * full address), and never a sign-in page again. Otherwise undefined (the user's home).
 */
export function afterSignInPath(state: unknown, signInPaths: string[]): string | undefined {
  const from = (state as { from?: unknown } | null)?.from
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\'))
    return undefined
  const path = from.split(/[?#]/)[0]
  if (path === '/' || signInPaths.includes(path)) return undefined
  return from
}
