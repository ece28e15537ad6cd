import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { DEMO_REFRESH_THROTTLE_MS } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { fetchDemos } from '../api/demos-api'
import { praccKeys } from '../api/pracc-keys'

/**
 * A server's demo list (spec 001 §4 "Demo"): fetched when the dialog opens, and again on refresh, at
 * most once per 3 s unless forced.
 */
export function useDemos(serverId: string) {
  const query = useQuery({
    queryKey: praccKeys.demos(serverId),
    queryFn: ({ signal }) => logged('Failed to fetch DEMO list', fetchDemos(serverId, signal)),
    staleTime: DEMO_REFRESH_THROTTLE_MS,
    retry: false,
  })
  const { refetch, dataUpdatedAt, errorUpdatedAt, isFetching } = query
  const refresh = useCallback(
    (force = false) => {
      const last = Math.max(dataUpdatedAt, errorUpdatedAt)
      if (isFetching || (!force && Date.now() - last < DEMO_REFRESH_THROTTLE_MS)) return
      void refetch()
    },
    [refetch, dataUpdatedAt, errorUpdatedAt, isFetching],
  )
  return { demos: query.data ?? [], loading: query.isPending, fetching: isFetching, error: query.error, refresh }
}
