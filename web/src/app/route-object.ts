/** A route of the table as the router's route object: its entry as handle, its screen loaded lazily. */
import type { RouteObject } from 'react-router'
import { loadScreen, type ScreenLoader } from '../lib/lazy-screen'
import type { AppRoute, RouteHandle } from '../route-types'

export function toRouteObject(route: AppRoute, screen: ScreenLoader): RouteObject {
  const handle: RouteHandle = { route }
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: await loadScreen(screen) }),
  }
}
