// Sorting of the server list (spec 000 §4.5): pinned first, then the chosen column.
import type { ServerItem } from './server-model'

export type SortKey = 'name' | 'players'
export type SortDirection = 'asc' | 'desc'
export type SortState = { key: SortKey; direction: SortDirection } | null

export const DEFAULT_SORT: SortState = { key: 'players', direction: 'desc' }

/** A header click: a new column starts ascending, then descending, then no sorting. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (!current || current.key !== key) return { key, direction: 'asc' }
  return current.direction === 'asc' ? { key, direction: 'desc' } : null
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

const byId = (a: ServerItem, b: ServerItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function compareColumn(a: ServerItem, b: ServerItem, key: SortKey): number {
  if (key === 'name') return collator.compare(a.searchName, b.searchName)
  return a.current - b.current || a.star - b.star || a.maxSlots - b.maxSlots
}

/**
 * Pinned rows (ontop > 0) first, higher ontop first; then the column in the chosen direction,
 * ties broken by id (ascending). Without a sort the list keeps its order after the pinned rows.
 */
export function sortServers(servers: readonly ServerItem[], sort: SortState): ServerItem[] {
  const sign = sort?.direction === 'desc' ? -1 : 1
  return [...servers].sort((a, b) => {
    const pinned = Math.max(b.ontop, 0) - Math.max(a.ontop, 0)
    if (pinned !== 0 || !sort) return pinned
    return sign * compareColumn(a, b, sort.key) || byId(a, b)
  })
}
