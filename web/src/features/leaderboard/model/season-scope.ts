// The time scope of the boards and its place in the URL (spec 001 §4, Leaderboard): ?season=all is
// all-time, ?season=<id> that season; without the parameter the latest season applies.

export const ALL_TIME = 'all'
/** All-time, or a season id. */
export type SeasonScope = typeof ALL_TIME | number

export interface SeasonOption {
  id: number
  name: string
  /** The season now running. */
  current?: boolean
}

/** The scope the URL asks for; null when the parameter is absent or not understood. */
export function parseSeasonParam(value: string | null): SeasonScope | null {
  if (value === ALL_TIME) return ALL_TIME
  if (value && /^\d{1,9}$/.test(value)) {
    const id = Number(value)
    return id > 0 ? id : null
  }
  return null
}

/**
 * The scope in effect. Without one in the URL the first season of the list (the newest) is chosen;
 * an empty list falls back to all-time; undefined while the list is still loading.
 */
export function resolveScope(
  requested: SeasonScope | null,
  seasons: readonly SeasonOption[],
  seasonsSettled: boolean,
): SeasonScope | undefined {
  if (requested !== null) return requested
  if (!seasonsSettled) return undefined
  return seasons[0]?.id ?? ALL_TIME
}

/** The season query parameter of a board call: none for all-time. */
export function seasonQuery(scope: SeasonScope): number | undefined {
  return scope === ALL_TIME ? undefined : scope
}
