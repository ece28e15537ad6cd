// Player groups (spec 001 §6): badges for op, pro, kol and vip; filters for pro, kol and op.

export const PLAYER_GROUPS = ['op', 'kol', 'pro', 'vip'] as const
export type PlayerGroup = (typeof PLAYER_GROUPS)[number]

export const GROUP_FILTERS = ['pro', 'kol', 'op'] as const
export type GroupFilter = (typeof GROUP_FILTERS)[number]

/**
 * The badge a player shows: the highest of their groups, op above kol above pro above vip (the
 * order the server lists them in). Unknown names are ignored.
 */
export function highestGroup(groups: readonly string[]): PlayerGroup | null {
  return PLAYER_GROUPS.find((group) => groups.includes(group)) ?? null
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
