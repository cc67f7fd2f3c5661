/** Renders the whole console at a path, optionally signed in as a given user. */
import { render } from '@testing-library/react'
// 'react-router/dom' resolves to the CommonJS build under Node, which would be a second copy
// of the router's context; the main entry's RouterProvider is the same component otherwise.
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Providers } from '../app/Providers'
import { buildRouteObjects, patchProtectedRoutes } from '../app/router'
import { useSession, type SessionUser } from '../lib/session'

export function renderApp(path: string, user: SessionUser | null = null) {
  if (user) useSession.getState().signIn(user)
  else useSession.getState().clear()
  const router = createMemoryRouter(buildRouteObjects(), {
    initialEntries: [path],
    patchRoutesOnNavigation: patchProtectedRoutes,
  })
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router }
}
