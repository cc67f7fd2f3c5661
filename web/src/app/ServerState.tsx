import { useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '../lib/query'
import { useSession } from '../lib/session'

/** What one user loaded is never shown to the next: signing out or in as another drops it all. */
function useClearedOnUserChange(client: QueryClient) {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (state.user?._id !== previous.user?._id) client.clear()
      }),
    [client],
  )
}

/**
 * The cache of server state (TanStack Query) of the protected screens: one per mounted shell,
 * so the query library loads with the shell's lazy chunk, never on the sign-in page (its
 * bundle budget), and signing out drops it with the shell.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  useClearedOnUserChange(queryClient)
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
