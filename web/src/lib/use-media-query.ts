import { useSyncExternalStore } from 'react'

/** True while the CSS media query matches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** The table breakpoint of SPEC section 9: 599 px and below is a small screen. */
export const SMALL_SCREEN_QUERY = '(max-width: 599px)'
