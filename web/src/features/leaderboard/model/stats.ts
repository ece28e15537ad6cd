// Derived stats (spec 001 §3). Pure functions of a player's counters; display precision is applied
// by the formatter, so these return unrounded values.
import type { LeaderboardMode, StatKey } from './modes'

export interface PlayerCounters {
  kills: number
  deaths: number
  headshots: number
  /** Minutes. */
  playtime: number
  wins: number
  loses: number
  rifle_kills: number
  awp_kills: number
  pistol_kills: number
  clutches: number
  clutchwins: number
}

/** Kills per death; the kills alone when there are no deaths. */
export function kda({ kills, deaths }: PlayerCounters): number {
  return deaths === 0 ? kills : kills / deaths
}

/** Percentage of kills that were headshots; 0 without kills. */
export function hsRate({ kills, headshots }: PlayerCounters): number {
  return kills === 0 ? 0 : (headshots / kills) * 100
}

/**
 * Win rate as a percentage. Retakes (and any mode with rounds) use rounds won over rounds played.
 * Solo duels have no round counter, so the spec takes kills / (kills + deaths), written there as a
 * bare ratio. It is scaled by 100 here so that every "rate" column reads the same way (a
 * percentage next to hsRate and clutchWinRate); a 0..1 number in a column headed "win rate" would
 * read as almost nothing. 0 when there is nothing to divide by.
 */
export function winRate(counters: PlayerCounters, mode: LeaderboardMode): number {
  if (mode === 'solo') {
    const duels = counters.kills + counters.deaths
    return duels === 0 ? 0 : (counters.kills / duels) * 100
  }
  const rounds = counters.wins + counters.loses
  return rounds === 0 ? 0 : (counters.wins / rounds) * 100
}

/** Percentage of clutch situations won; 0 without clutches. */
export function clutchWinRate({ clutches, clutchwins }: PlayerCounters): number {
  return clutches === 0 ? 0 : (clutchwins / clutches) * 100
}

/** Kills per minute played; 0 without play time. */
export function kpm({ kills, playtime }: PlayerCounters): number {
  return playtime === 0 ? 0 : kills / playtime
}

/** Play time in hours (the counter is in minutes). */
export function playtimeHours({ playtime }: PlayerCounters): number {
  return playtime / 60
}

/** The number a column shows for a player, before formatting. */
export function statValue(counters: PlayerCounters, key: StatKey, mode: LeaderboardMode): number {
  switch (key) {
    case 'kda':
      return kda(counters)
    case 'kpm':
      return kpm(counters)
    case 'hsRate':
      return hsRate(counters)
    case 'winRate':
      return winRate(counters, mode)
    case 'clutchWinRate':
      return clutchWinRate(counters)
    case 'playtime':
      return playtimeHours(counters)
    default:
      return counters[key]
  }
}
