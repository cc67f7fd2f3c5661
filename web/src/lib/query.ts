/**
 * Server state of the console: every list, record and change goes through TanStack Query.
 *
 * - Keys start with the area they belong to: a list is `[area, 'list', ...filters, query]`
 *   (DataTable adds the query), a record anything else under its area (`['cause', id]`).
 *   A change refreshes its whole area at once: `useRefresh('cause')` after a cause is saved.
 * - A record is dropped as soon as no screen shows it (each opening of a form or a view loads
 *   it again, so a form never starts from an old copy); a list is kept a while, so Back shows
 *   its rows at once while they are asked again.
 * - No retries: the request client has already shown a failure as a toast (and refreshed an
 *   expired token once); a retry would show it twice. No refetch on window focus or reconnect:
 *   a screen asks again when it opens, when its key changes, or after a change.
 * - `useRecord(key, load)` answers `{ value, error, loading }` for the current key only: a late
 *   answer for an earlier key (the user moved on) is never shown, and a new key shows loading,
 *   not the previous record.
 */
import { useCallback } from 'react'
import { QueryClient, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { errorMessage } from './api-client'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  })
}

export interface Loaded<T> {
  value: T | null
  error: string | null
  loading: boolean
}

/**
 * Loads what a screen shows for `key` (null: nothing yet, e.g. an add form without an id).
 * `error` is the server's message for the screen itself (the toast is already shown).
 */
export function useRecord<T>(key: QueryKey | null, load: () => Promise<T>): Loaded<T> {
  const result = useQuery({
    queryKey: key ?? ['nothing'],
    queryFn: load,
    enabled: key !== null,
    gcTime: 0,
  })
  if (key === null) return { value: null, error: null, loading: false }
  return {
    value: result.data ?? null,
    error: result.isError ? errorMessage(result.error) : null,
    loading: result.isPending,
  }
}

/**
 * After a change in these areas: the lists on screen ask again (their rows stay under the
 * spinner); what is kept for screens not shown is dropped, so no screen ever shows what was
 * there before the change. Records on screen are marked stale but not asked again: the
 * screen that made the change is usually leaving (a saved form goes to its list).
 */
export async function refreshAreas(client: QueryClient, areas: readonly string[]): Promise<void> {
  await Promise.all(
    areas.map(async (area) => {
      client.removeQueries({ queryKey: [area], type: 'inactive' })
      await client.invalidateQueries({ queryKey: [area], refetchType: 'none' })
      await client.refetchQueries({ queryKey: [area, 'list'], type: 'active' })
    }),
  )
}

/** A stable callback that refreshes the given areas (see `refreshAreas`). */
export function useRefresh(...areas: string[]): () => Promise<void> {
  const client = useQueryClient()
  const joined = areas.join('\n')
  return useCallback(() => refreshAreas(client, joined.split('\n')), [client, joined])
}
