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
