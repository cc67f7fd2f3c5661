/** Builds the browser router from the one route table (src/routes.tsx). */
import { createBrowserRouter, type RouteObject } from 'react-router'
import { ROUTES, type AppRoute } from '../routes'
import { paths } from '../paths'
import { loadScreen } from '../lib/lazy-screen'
import { screenOf } from './screens'
import type { RouteHandle } from './AppShell'
import { ErrorFallback } from './ErrorFallback'
import { PublicLayout } from './PublicLayout'
import { CatchAll, HomeRedirect } from './redirects'
import { PageSpinner, RootLayout } from './RootLayout'

const loadShell = () => import('./AppShell').then((m) => ({ default: m.AppShell }))

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route }
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: await loadScreen(screenOf(route.path)) }),
  }
}

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
          children: ROUTES.filter((r) => r.layout === 'public').map(toRouteObject),
        },
        {
          path: paths.home.pattern,
          // The protected shell (menu, header, breadcrumbs) is a chunk of its own: the public
          // screens (sign-in) do not load it.
          lazy: async () => ({ Component: await loadScreen(loadShell) }),
          children: [
            { index: true, element: <HomeRedirect /> },
            {
              errorElement: <ErrorFallback />,
              children: ROUTES.filter((r) => r.layout === 'shell').map(toRouteObject),
            },
          ],
        },
        { path: '*', element: <CatchAll /> },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects())
}
