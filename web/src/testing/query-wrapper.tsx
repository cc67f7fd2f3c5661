/** A fresh server-state cache (and, for list screens, a router at a URL) around what a test renders. */
import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createQueryClient } from '../lib/query'

export function queryWrapper(client: QueryClient = createQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>
  }
}

/**
 * Renders `ui` as the page at `url` (a memory router, so the list state in the query string
 * is read and written as in the browser) inside a fresh cache. Answers the router to read
 * where the page went.
 */
export function atUrl(ui: ReactNode, url = '/list') {
  const client = createQueryClient()
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] })
  const element = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
  return { element, router, client }
}
