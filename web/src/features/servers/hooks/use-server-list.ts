import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { REFRESH_COOLDOWN_SECONDS, SERVER_LIST_REFRESH_MS } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { useCountdown } from '@/lib/use-countdown'
import { fetchServers, serverKeys, type ServerQuery } from '../api/servers-api'
import type { ServerItem } from '../model/server-model'
import { useTrailingFlag } from './use-trailing-flag'

/** How long the loading flag stays after the list fetch (spec 000 §4.5). */
export const LOADING_TRAIL_MS = 200

/** Keeps the last defined value: a failed fetch leaves the list as it was. */
function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value)
  if (value !== undefined && value !== last) setLast(value)
  return value ?? last
}

/** The full, unfiltered list, re-fetched every 30 s (quick join and the filter options). */
export function useFullServerList() {
  const query = useQuery({
    queryKey: serverKeys.full,
    queryFn: ({ signal }) => logged('Failed to fetch all servers', fetchServers(undefined, signal)),
    refetchInterval: SERVER_LIST_REFRESH_MS,
    staleTime: 0,
  })
  const servers = useLastDefined(query.data)
  return { servers, settled: query.isFetched }
}

/** The shown list (filtered server-side), manual refresh with its 5 s cooldown, and the loading flag. */
export function useServerList(serverQuery: ServerQuery, enabled: boolean) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: serverKeys.list(serverQuery),
    queryFn: ({ signal }) => logged('Failed to fetch servers', fetchServers(serverQuery, signal)),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
  const servers = useLastDefined(query.data)
  const [refreshing, setRefreshing] = useState(false)
  const [cooldown, startCooldown] = useCountdown()
  const { refetch } = query

  const refresh = useCallback(async () => {
    if (refreshing || cooldown > 0) return
    queryClient.removeQueries({ queryKey: serverKeys.infoAll })
    setRefreshing(true)
    try {
      await refetch()
    } finally {
      setRefreshing(false)
      startCooldown(REFRESH_COOLDOWN_SECONDS)
    }
  }, [refreshing, cooldown, queryClient, refetch, startCooldown])

  const waiting = !enabled && servers === undefined
  const loading = useTrailingFlag(query.isFetching || waiting, LOADING_TRAIL_MS)
  const empty = useMemo<ServerItem[]>(() => [], [])

  return { servers: servers ?? empty, loading, refreshing, cooldown, refresh }
}
