// Server list filters (spec 000 §3, §4.5, §5): defaults, the client-side rules and the query string.
import { isOnline, type ServerItem } from './server-model'

export interface ServerFilters {
  search: string
  modes: string[]
  maps: string[]
  regions: string[]
  /** "Hide full" (fullOnly in the spec). */
  hideFull: boolean
  hideEmpty: boolean
  hideOffline: boolean
}

export const DEFAULT_FILTERS: ServerFilters = {
  search: '',
  modes: [],
  maps: [],
  regions: [],
  hideFull: true,
  hideEmpty: false,
  hideOffline: true,
}

/** Hide-full rule: open servers at or above players_max, else at or above the text's max unless it is 0. */
export function isFull(server: ServerItem): boolean {
  if (!isOnline(server)) return false
  if (server.players_max !== null && server.players_max !== undefined) return server.current >= server.players_max
  if (server.textMax === null || server.textMax === 0) return false
  return server.current >= server.textMax
}

/** Applies every filter; `search` is matched trimmed and case-insensitively against the display name. */
export function filterServers(servers: readonly ServerItem[], filters: ServerFilters): ServerItem[] {
  const needle = filters.search.trim().toLowerCase()
  const modes = new Set(filters.modes)
  const maps = new Set(filters.maps)
  const regions = new Set(filters.regions)
  return servers.filter(
    (server) =>
      (!needle || server.searchName.includes(needle)) &&
      (modes.size === 0 || modes.has(server.category)) &&
      (maps.size === 0 || maps.has(server.map)) &&
      (regions.size === 0 || regions.has(server.region)) &&
      !(filters.hideFull && isFull(server)) &&
      !(filters.hideEmpty && server.current === 0) &&
      !(filters.hideOffline && !isOnline(server)),
  )
}

export function sameFilters(a: ServerFilters, b: ServerFilters): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i])
  return (
    a.search === b.search &&
    same(a.modes, b.modes) &&
    same(a.maps, b.maps) &&
    same(a.regions, b.regions) &&
    a.hideFull === b.hideFull &&
    a.hideEmpty === b.hideEmpty &&
    a.hideOffline === b.hideOffline
  )
}

// ---- query string ----

export const FILTER_PARAMS = ['s', 'modes', 'maps', 'regions', 'hide_full', 'hide_empty', 'hide_offline'] as const

/** Letters, digits, Chinese characters and whitespace only (spec 000 §5). */
const SAFE_SEARCH = /^[A-Za-z0-9\u3400-\u4dbf\u4e00-\u9fff\s]*$/

export function acceptSearchParam(value: string | null): string {
  if (!value || !SAFE_SEARCH.test(value)) return ''
  return value.trim()
}

function listParam(value: string | null): string[] {
  if (!value) return []
  return [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))]
}

/**
 * Reads the filters from the query string; unknown values stay until `pruneFilters` drops them.
 * `typedSearch` is the search this tab typed and wrote into the URL itself (kept in the history
 * entry's state): when `s` is exactly that, it is kept even with characters a link's `s` may not
 * carry (a typed "DM #1" survives a reload; the same `s` in a link opened elsewhere does not).
 */
export function readFilters(params: URLSearchParams, typedSearch?: string | null): ServerFilters {
  const s = params.get('s')
  return {
    search: typedSearch && s !== null && s.trim() === typedSearch ? typedSearch : acceptSearchParam(s),
    modes: listParam(params.get('modes')),
    maps: listParam(params.get('maps')),
    regions: listParam(params.get('regions')),
    hideFull: params.get('hide_full') !== 'false',
    hideEmpty: params.get('hide_empty') === 'true',
    hideOffline: params.get('hide_offline') !== 'false',
  }
}

/** Drops selected modes, maps and regions that are not among the available options. */
export function pruneFilters(
  filters: ServerFilters,
  options: { modes?: readonly string[]; maps?: readonly string[]; regions?: readonly string[] },
): ServerFilters {
  const keep = (values: string[], allowed?: readonly string[]) =>
    allowed ? values.filter((value) => allowed.includes(value)) : values
  return {
    ...filters,
    modes: keep(filters.modes, options.modes),
    maps: keep(filters.maps, options.maps),
    regions: keep(filters.regions, options.regions),
  }
}

/** Writes the filters into `params` (other parameters, like from, are kept); defaults are left out. */
export function writeFilters(params: URLSearchParams, filters: ServerFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of FILTER_PARAMS) next.delete(key)
  const search = filters.search.trim()
  if (search) next.set('s', search)
  if (filters.modes.length) next.set('modes', filters.modes.join(','))
  if (filters.maps.length) next.set('maps', filters.maps.join(','))
  if (filters.regions.length) next.set('regions', filters.regions.join(','))
  if (!filters.hideFull) next.set('hide_full', 'false')
  if (filters.hideEmpty) next.set('hide_empty', 'true')
  if (!filters.hideOffline) next.set('hide_offline', 'false')
  return next
}
