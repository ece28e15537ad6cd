// How stats and ranks are written on screen (spec 001 §3, number display).
import { formatNumber, formatPercent, groupedFixed } from '@/lib/format'
import type { Language } from '@/lib/constants'
import type { StatKey } from './modes'
import { statValue, type PlayerCounters } from './stats'
import type { LeaderboardMode } from './modes'

/**
 * count: integers with separators; ratio: kda and kpm, always two decimals ("2 decimals" in the
 * spec, so 2 reads "2.00" like 2.5 reads "2.50"); percent: always two decimals and a percent sign
 * (the shared formatPercent, so 45 reads "45.00%" next to "46.25%"); hours: play time with one decimal.
 */
export type StatKind = 'count' | 'ratio' | 'percent' | 'hours'

export const STAT_KINDS: Record<StatKey, StatKind> = {
  kills: 'count',
  deaths: 'count',
  headshots: 'count',
  wins: 'count',
  loses: 'count',
  rifle_kills: 'count',
  pistol_kills: 'count',
  awp_kills: 'count',
  clutches: 'count',
  clutchwins: 'count',
  playtime: 'hours',
  kda: 'ratio',
  kpm: 'ratio',
  hsRate: 'percent',
  winRate: 'percent',
  clutchWinRate: 'percent',
}

/** A value as its kind is written; anything that is not a finite number is shown as it is. */
export function formatStatValue(value: unknown, kind: StatKind, language: Language = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '')
  switch (kind) {
    case 'ratio':
      return groupedFixed(value, 2)
    case 'hours':
      return groupedFixed(value, 1)
    case 'percent':
      return formatPercent(value, language)
    case 'count':
      return formatNumber(value, language)
  }
}

/** A player's stat as shown in a column. */
export function formatStat(counters: PlayerCounters, key: StatKey, mode: LeaderboardMode, language: Language): string {
  return formatStatValue(statValue(counters, key, mode), STAT_KINDS[key], language)
}

/**
 * A rank as the server sent it: a dash when missing, a number with separators, and text (such as
 * "1000+") as it is.
 */
export function formatRank(rank: number | string | null | undefined, language: Language = 'en'): string {
  if (rank === null || rank === undefined) return '-'
  if (typeof rank === 'string') return rank.trim() === '' ? '-' : rank
  return formatNumber(rank, language)
}
