/** Makes `useMediaQuery(SMALL_SCREEN_QUERY)` match (a phone) until the returned function runs. */
import { SMALL_SCREEN_QUERY } from '../lib/use-media-query'

export function pretendSmallScreen(): () => void {
  const real = window.matchMedia
  window.matchMedia = (query: string) => ({ ...real(query), matches: query === SMALL_SCREEN_QUERY })
  return () => {
    window.matchMedia = real
  }
}
