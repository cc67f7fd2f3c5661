/**
 * The protected routes, children of the shell: every shell route of the table (routes.tsx) with
 * its screen (screens.ts). A chunk of its own, loaded when a path needs it (app/router.tsx), so the
 * sign-in page loads neither the table nor the map of screens.
 */
import type { RouteObject } from 'react-router'
import { useSession } from '../lib/session'
import { paths } from '../paths'
import { homePathOf, ROUTES } from '../routes'
import { ErrorFallback } from './ErrorFallback'
import { toRouteObject } from './route-object'
import { screenOf } from './screens'

/** Where `/` leads: the user's home screen (the dashboard, or the first screen they may open); signed out, /signin. */
export function homePath(): string {
  const user = useSession.getState().user
  return user ? (homePathOf(user) ?? paths.dashboard()) : paths.signIn()
}

export function protectedRoutes(): RouteObject[] {
  return [
    {
      errorElement: <ErrorFallback />,
      children: ROUTES.filter((r) => r.layout === 'shell').map((r) => toRouteObject(r, screenOf(r.path))),
    },
  ]
}
