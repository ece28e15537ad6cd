// Fresh numbers without rows moving under the pointer (issue 13): while the pointer is over the
// list, the rows keep the places they had when it came; only their values change.
import type { ServerItem } from './server-model'

/**
 * `held` (the rows as shown when the hold began) in their order, each with its newest values from
 * `latest` (a row that has since dropped out of the filters stays until the hold ends, so nothing
 * below it moves up); rows of `rows` that were not shown then come after them.
 */
export function holdOrder(
  held: readonly ServerItem[],
  rows: readonly ServerItem[],
  latest: ReadonlyMap<string, ServerItem>,
): ServerItem[] {
  const heldIds = new Set(held.map((server) => server.id))
  return [...held.map((server) => latest.get(server.id) ?? server), ...rows.filter((server) => !heldIds.has(server.id))]
}
