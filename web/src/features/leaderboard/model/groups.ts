// Player groups (spec 001 §6): badges for op, pro, kol and vip; filters for pro, kol and op.

export const PLAYER_GROUPS = ['op', 'kol', 'pro', 'vip'] as const
export type PlayerGroup = (typeof PLAYER_GROUPS)[number]

export const GROUP_FILTERS = ['pro', 'kol', 'op'] as const
export type GroupFilter = (typeof GROUP_FILTERS)[number]

/**
 * The badges a player shows: every known group they belong to, once each, always in the order
 * op, kol, pro, vip whatever order the server lists them in. Unknown names are ignored.
 */
export function playerGroups(groups: readonly string[]): PlayerGroup[] {
  return PLAYER_GROUPS.filter((group) => groups.includes(group))
}

/** Switches one filter on or off; the result keeps the fixed PRO, KOL, OP order. */
export function toggleGroup(active: readonly GroupFilter[], group: GroupFilter): GroupFilter[] {
  const next = active.includes(group) ? active.filter((g) => g !== group) : [...active, group]
  return GROUP_FILTERS.filter((g) => next.includes(g))
}

/** The usergroup query value: a comma list, or nothing without a filter. */
export function usergroupParam(active: readonly GroupFilter[]): string | undefined {
  return active.length > 0 ? active.join(',') : undefined
}
