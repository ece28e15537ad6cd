import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { REFRESH_COOLDOWN_SECONDS } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { useCountdown } from '@/lib/use-countdown'
import { fetchServers, fullServerListOptions, serverKeys, type ServerQuery } from '../api/servers-api'
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

const EMPTY: ServerItem[] = []

export function isNarrowed(query: ServerQuery): boolean {
  return query.modes.length + query.maps.length + query.regions.length > 0
}

/** The full, unfiltered list, fetched at load and re-fetched every 30 s. */
export function useFullServerList() {
  return useQuery(fullServerListOptions())
}
export type FullServerList = ReturnType<typeof useFullServerList>

/**
 * The server lists of the page (spec 000 §4.5, §7):
 * - the full, unfiltered list, fetched at load and re-fetched every 30 s (quick join, the filter
 *   options, the total, and fresh numbers for the shown rows);
 * - with modes, maps or regions chosen, the list narrowed server-side, fetched on filter change.
 * Without modes, maps or regions the shown list IS the full list: one request, not two.
 * While a narrowed answer is on its way, the full list stands in (the page filters it by the same
 * exact-match rules), so switching modes never shows an empty list in between.
 * Each shown row carries the newest values known for its server, from whichever answer came last.
 */
export function useServerList(full: FullServerList, serverQuery: ServerQuery, ready: boolean) {
  const queryClient = useQueryClient()
  const narrowed = isNarrowed(serverQuery)
  // Maps and regions not among the options are dropped once the full list is in; a failed full
  // list fetch must not hold the narrowed one back for ever.
  const settled = ready || full.isFetched
  const part = useQuery({
    queryKey: serverKeys.list(serverQuery),
    queryFn: ({ signal }) => logged('Failed to fetch servers', fetchServers(serverQuery, signal)),
    enabled: narrowed && settled,
    staleTime: 0,
  })
  const all = useLastDefined(full.data)

  const servers = useMemo<ServerItem[]>(() => {
    if (!narrowed || part.data === undefined) return all ?? EMPTY
    if (!all || full.dataUpdatedAt <= part.dataUpdatedAt) return part.data
    const latest = new Map(all.map((server) => [server.id, server]))
    return part.data.map((server) => latest.get(server.id) ?? server)
  }, [narrowed, part.data, part.dataUpdatedAt, all, full.dataUpdatedAt])

  const [refreshing, setRefreshing] = useState(false)
  const [cooldown, startCooldown] = useCountdown()
  const refetch = narrowed ? part.refetch : full.refetch

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

  // The 30 s background refresh does not blur the list; the first load, a filter change and a
  // manual refresh do.
  const busy = refreshing || full.isPending || (narrowed && (!settled || part.isFetching))
  const loading = useTrailingFlag(busy, LOADING_TRAIL_MS)

  return {
    /** The shown list before the client-side filters. */
    servers,
    /** Every server (the full list), for the total, quick join and the filter options. */
    all,
    /** Whether the full list has answered (or failed) once. */
    settled: full.isFetched,
    loading,
    refreshing,
    cooldown,
    refresh,
  }
}
