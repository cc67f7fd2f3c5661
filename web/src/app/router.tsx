/**
 * Builds the browser router from the one route table (src/routes.tsx). The entry holds only the
 * public routes (public-routes.ts) and the shell; the shell's routes (protected-routes.tsx, with
 * the table and the map of screens) are patched in when a path first needs them, so the sign-in
 * page's first load does not grow with the console's screens.
 */
import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router'
import { PUBLIC_ROUTES } from '../public-routes'
import type { RouteHandle } from '../route-types'
import { paths } from '../paths'
import { loadScreen } from '../lib/lazy-screen'
import { ErrorFallback } from './ErrorFallback'
import { PublicLayout } from './PublicLayout'
import { PUBLIC_SCREENS } from './public-screens'
import { CatchAll } from './redirects'
import { toRouteObject } from './route-object'
import { PageSpinner, RootLayout } from './RootLayout'

const loadShell = () => import('./AppShell').then((m) => ({ default: m.AppShell }))
const loadProtected = () => import('./protected-routes')

/** The id of the shell's route, where the protected routes are patched in. */
export const SHELL_ROUTE_ID = 'shell'

export function buildRouteObjects(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <PublicLayout />,
          errorElement: <ErrorFallback />,
          children: PUBLIC_ROUTES.map((r) => toRouteObject(r, PUBLIC_SCREENS[r.path as keyof typeof PUBLIC_SCREENS])),
        },
        {
          id: SHELL_ROUTE_ID,
          path: paths.home.pattern,
          // The protected shell (menu, header, breadcrumbs) is a chunk of its own: the public
          // screens (sign-in) do not load it.
          lazy: async () => ({ Component: await loadScreen(loadShell) }),
          children: [
            // `/`: the user's home screen, which the route table knows (loaded with it).
            { index: true, loader: async () => redirect((await loadProtected()).homePath()) },
          ],
        },
        { path: '*', element: <CatchAll /> },
      ],
    },
  ]
}

/**
 * Patches the protected routes into the shell when a path matches no route of the table yet (the
 * catch-all matched it); a path a route of the table matches needs nothing more. Patching twice
 * adds nothing (the router keeps one copy of the same routes).
 */
export const patchProtectedRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  const last = matches[matches.length - 1]
  if ((last?.route.handle as RouteHandle | undefined)?.route) return
  const { protectedRoutes } = await loadProtected()
  patch(SHELL_ROUTE_ID, protectedRoutes())
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects(), { patchRoutesOnNavigation: patchProtectedRoutes })
}
