import { describe, expect, it } from 'vitest'
import { formatRank, formatStat, formatStatValue } from './format'
import type { PlayerCounters } from './stats'

const player = (overrides: Partial<PlayerCounters> = {}): PlayerCounters => ({
  kills: 0,
  deaths: 0,
  headshots: 0,
  playtime: 0,
  wins: 0,
  loses: 0,
  rifle_kills: 0,
  awp_kills: 0,
  pistol_kills: 0,
  clutches: 0,
  clutchwins: 0,
  ...overrides,
})

describe('formatStatValue', () => {
  it('writes counts with thousands separators', () => {
    expect(formatStatValue(1234567, 'count')).toBe('1,234,567')
    expect(formatStatValue(0, 'count')).toBe('0')
    expect(formatStatValue(1234567, 'count', 'zh')).toBe('1,234,567')
  })

  it('writes fractional counts with exactly two decimals (the general number rule)', () => {
    expect(formatStatValue(1234.5, 'count')).toBe('1,234.50')
  })

  it('writes kda and kpm with exactly two decimals', () => {
    expect(formatStatValue(2, 'ratio')).toBe('2.00')
    expect(formatStatValue(10 / 3, 'ratio')).toBe('3.33')
    expect(formatStatValue(1234.5, 'ratio')).toBe('1,234.50')
  })

  it('writes every percentage with exactly two decimals, whole or not', () => {
    expect(formatStatValue(45, 'percent')).toBe('45.00%')
    expect(formatStatValue(46.25, 'percent')).toBe('46.25%')
    expect(formatStatValue(100 / 3, 'percent')).toBe('33.33%')
    expect(formatStatValue(99.999, 'percent')).toBe('100.00%')
  })

  it('writes hours with one decimal', () => {
    expect(formatStatValue(1.5, 'hours')).toBe('1.5')
    expect(formatStatValue(0, 'hours')).toBe('0.0')
    expect(formatStatValue(1234, 'hours')).toBe('1,234.0')
    expect(formatStatValue(25 / 60, 'hours')).toBe('0.4')
  })

  it('shows values that are not numbers as they are', () => {
    expect(formatStatValue('N/A', 'count')).toBe('N/A')
    expect(formatStatValue('1000+', 'ratio')).toBe('1000+')
    expect(formatStatValue(Number.NaN, 'percent')).toBe('NaN')
    expect(formatStatValue(null, 'hours')).toBe('')
  })
})

describe('formatStat', () => {
  it('zero deaths: kda is the kills, with two decimals', () => {
    expect(formatStat(player({ kills: 12, deaths: 0 }), 'kda', 'dm', 'en')).toBe('12.00')
  })

  it('zero kills: hsRate 0.00%, kda 0.00, solo win rate 0.00%', () => {
    const none = player({ deaths: 4, headshots: 0 })
    expect(formatStat(none, 'hsRate', 'dm', 'en')).toBe('0.00%')
    expect(formatStat(none, 'kda', 'dm', 'en')).toBe('0.00')
    expect(formatStat(none, 'winRate', 'solo', 'en')).toBe('0.00%')
  })

  it('zero play time: kpm 0.00 and 0.0 hours', () => {
    const fresh = player({ kills: 40, playtime: 0 })
    expect(formatStat(fresh, 'kpm', 'dm', 'en')).toBe('0.00')
    expect(formatStat(fresh, 'playtime', 'dm', 'en')).toBe('0.0')
  })

  it('formats every kind of column', () => {
    const regular = player({ kills: 12345, deaths: 6000, headshots: 4115, playtime: 6000, clutches: 3, clutchwins: 1, wins: 7, loses: 1 })
    expect(formatStat(regular, 'kills', 'retakes', 'en')).toBe('12,345')
    expect(formatStat(regular, 'kda', 'retakes', 'en')).toBe('2.06')
    expect(formatStat(regular, 'kpm', 'dm', 'en')).toBe('2.06')
    expect(formatStat(regular, 'hsRate', 'retakes', 'en')).toBe('33.33%')
    expect(formatStat(regular, 'winRate', 'retakes', 'en')).toBe('87.50%')
    expect(formatStat(regular, 'clutchWinRate', 'retakes', 'en')).toBe('33.33%')
    expect(formatStat(regular, 'playtime', 'retakes', 'en')).toBe('100.0')
  })
})

describe('formatRank', () => {
  it('shows a dash when the rank is missing', () => {
    expect(formatRank(null)).toBe('-')
    expect(formatRank(undefined)).toBe('-')
    expect(formatRank('  ')).toBe('-')
  })

  it('shows text (such as a plus sign) as it is and numbers with separators', () => {
    expect(formatRank('1000+')).toBe('1000+')
    expect(formatRank(1234)).toBe('1,234')
    expect(formatRank(7, 'zh')).toBe('7')
  })
})
