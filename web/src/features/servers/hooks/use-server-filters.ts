import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  DEFAULT_FILTERS,
  pruneFilters,
  readFilters,
  sameFilters,
  writeFilters,
  type ServerFilters,
} from '../model/filters'
import { SERVER_MODES } from '../model/server-model'

export interface FilterOptions {
  maps: string[]
  regions: string[]
}

/**
 * The filters, read from the query string once and mirrored back to it with `replace` (no new
 * history entries). Maps and regions not among `options` are dropped once the options are known.
 */
export function useServerFilters(options: FilterOptions | null) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [filters, setFilters] = useState<ServerFilters>(() =>
    pruneFilters(readFilters(searchParams), { modes: SERVER_MODES }),
  )
  const [pruned, setPruned] = useState(false)

  if (options && !pruned) {
    setPruned(true)
    const next = pruneFilters(filters, options)
    if (!sameFilters(next, filters)) setFilters(next)
  }

  useEffect(() => {
    const next = writeFilters(searchParams, filters)
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true })
  }, [filters, searchParams, setSearchParams])

  const update = useCallback((patch: Partial<ServerFilters>) => setFilters((current) => ({ ...current, ...patch })), [])
  const reset = useCallback(() => setFilters(DEFAULT_FILTERS), [])

  return {
    filters,
    update,
    reset,
    /** Whether the server-side part (maps, regions) is settled and the list may be fetched. */
    ready: pruned || (filters.maps.length === 0 && filters.regions.length === 0),
  }
}
