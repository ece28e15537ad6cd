// The four boards and which stats each one shows (spec 001 §3, "Leaderboard columns per mode").

export const LEADERBOARD_MODES = ['dm', 'dm-pistol', 'solo', 'retakes'] as const
export type LeaderboardMode = (typeof LEADERBOARD_MODES)[number]
export const DEFAULT_MODE: LeaderboardMode = 'dm'

/** Every stat a player record can show: raw counters and the derived ones. */
export type StatKey =
  | 'kills'
  | 'deaths'
  | 'headshots'
  | 'wins'
  | 'loses'
  | 'rifle_kills'
  | 'pistol_kills'
  | 'awp_kills'
  | 'clutches'
  | 'clutchwins'
  | 'playtime'
  | 'kda'
  | 'kpm'
  | 'hsRate'
  | 'winRate'
  | 'clutchWinRate'

/** The table's stat columns (after rank and player). */
export const TABLE_COLUMNS: Record<LeaderboardMode, readonly StatKey[]> = {
  dm: ['kills', 'kda', 'kpm', 'hsRate', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
  solo: ['kills', 'kda', 'winRate', 'hsRate', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
  retakes: ['kills', 'kda', 'winRate', 'hsRate', 'clutchwins', 'clutchWinRate', 'playtime'],
  'dm-pistol': ['kills', 'kda', 'kpm', 'hsRate', 'playtime'],
}

/** The three headline stats on a top-player card. */
export const TOP_CARD_COLUMNS: Record<LeaderboardMode, readonly StatKey[]> = {
  dm: ['kills', 'kda', 'kpm'],
  solo: ['kills', 'winRate', 'hsRate'],
  retakes: ['kills', 'kda', 'winRate'],
  'dm-pistol': ['kills', 'hsRate', 'kpm'],
}

/**
 * The spec asks for "a mode-specific subset" on mobile without naming it: the top-card stats are
 * each mode's headline numbers and fit a 390 px row, so mobile cards show those.
 */
export const MOBILE_COLUMNS: Record<LeaderboardMode, readonly StatKey[]> = TOP_CARD_COLUMNS

/**
 * The player detail dialog: the derived stats, then the raw counters, that mean something in the
 * mode. The derived ones are the mode's rate columns from the spec's table; the counters are the
 * ones shown in or behind those columns (deaths and headshots feed kda and hsRate; wins and losses
 * only count rounds in retakes, and clutches exist only there). A deathmatch player has no rounds
 * and no clutches, so no win or clutch stats are shown for them.
 */
export const DETAIL_DERIVED: Record<LeaderboardMode, readonly StatKey[]> = {
  dm: ['kda', 'kpm', 'hsRate'],
  solo: ['kda', 'winRate', 'hsRate'],
  retakes: ['kda', 'winRate', 'hsRate', 'clutchWinRate'],
  'dm-pistol': ['kda', 'kpm', 'hsRate'],
}
export const DETAIL_TOTALS: Record<LeaderboardMode, readonly StatKey[]> = {
  dm: ['kills', 'deaths', 'headshots', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
  solo: ['kills', 'deaths', 'headshots', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
  retakes: ['kills', 'deaths', 'headshots', 'wins', 'loses', 'clutches', 'clutchwins', 'playtime'],
  'dm-pistol': ['kills', 'deaths', 'headshots', 'playtime'],
}

/** Column headers that explain themselves in a tooltip. */
export const EXPLAINED_COLUMNS = ['kda', 'kpm', 'hsRate', 'winRate', 'clutchwins', 'clutchWinRate'] as const
export type ExplainedColumn = (typeof EXPLAINED_COLUMNS)[number]

export function isExplained(key: StatKey): key is ExplainedColumn {
  return (EXPLAINED_COLUMNS as readonly string[]).includes(key)
}
