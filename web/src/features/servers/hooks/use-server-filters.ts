import { useCallback, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
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

/** How long typing pauses before the search goes into the URL. */
export const SEARCH_URL_DELAY_MS = 300

/** The key, in the history entry's state, of the search this tab wrote into the URL. */
const TYPED_SEARCH = 'serverSearch'

function stateObject(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {}
}

function typedSearchOf(state: unknown): string | null {
  const value = stateObject(state)[TYPED_SEARCH]
  return typeof value === 'string' ? value : null
}

/**
 * The filters, read from the query string once and mirrored back to it with `replace` (no new
 * history entries). Maps and regions not among `options` are dropped once the options are known.
 * With the filters feature off (`enabled` false) there is no filter bar, so the query string is
 * neither read nor written: a link's filter parameters cannot narrow the list behind the user's back.
 */
export function useServerFilters(options: FilterOptions | null, enabled = true) {
  const [searchParams, setSearchParams] = useSearchParams()
  const { state } = useLocation()
  const [filters, setFilters] = useState<ServerFilters>(() =>
    enabled ? pruneFilters(readFilters(searchParams, typedSearchOf(state)), { modes: SERVER_MODES }) : DEFAULT_FILTERS,
  )
  const [pruned, setPruned] = useState(false)

  if (options && !pruned) {
    setPruned(true)
    const next = pruneFilters(filters, options)
    if (!sameFilters(next, filters)) setFilters(next)
  }

  // Typing writes the search into the URL once it pauses: a navigation per keystroke re-rendered the
  // whole app under the key (issue 17: key to painted list). Every other filter is written at once.
  const [typedSearch, setTypedSearch] = useState(filters.search)
  useEffect(() => {
    if (typedSearch === filters.search) return
    const timer = setTimeout(() => setTypedSearch(filters.search), SEARCH_URL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [filters.search, typedSearch])
  const written = useMemo(() => ({ ...filters, search: typedSearch }), [filters, typedSearch])

  useEffect(() => {
    if (!enabled) return
    const next = writeFilters(searchParams, written)
    const typed = next.get('s')
    if (next.toString() === searchParams.toString() && typedSearchOf(state) === typed) return
    // The search goes into the entry's state too, so a reload keeps it (see readFilters).
    setSearchParams(next, { replace: true, state: { ...stateObject(state), [TYPED_SEARCH]: typed } })
  }, [enabled, written, searchParams, setSearchParams, state])

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
