import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not fix themselves; retry only network and server failures once.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  })
}

/** How young an answer is that a page mounting does not ask for again, even where it is stale at once. */
export const JUST_FETCHED_MS = 5_000

/**
 * `refetchOnMount` for queries kept fresh by polling (staleTime 0): a page that mounts just after its
 * data arrived (started early by app/routing/first-data.ts) uses it instead of asking twice.
 */
export function refetchUnlessJustFetched(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS
}
