import { describe, expect, it } from 'vitest'
import { clutchWinRate, hsRate, kda, kpm, playtimeHours, statValue, winRate, type PlayerCounters } from './stats'

const counters = (overrides: Partial<PlayerCounters> = {}): PlayerCounters => ({
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

describe('derived stats', () => {
  it('kda is kills per death, and the kills alone with zero deaths', () => {
    expect(kda(counters({ kills: 10, deaths: 4 }))).toBe(2.5)
    expect(kda(counters({ kills: 12, deaths: 0 }))).toBe(12)
    expect(kda(counters({ kills: 0, deaths: 0 }))).toBe(0)
    expect(kda(counters({ kills: 0, deaths: 7 }))).toBe(0)
  })

  it('hsRate is headshots per kill in percent, 0 with zero kills', () => {
    expect(hsRate(counters({ kills: 200, headshots: 50 }))).toBe(25)
    expect(hsRate(counters({ kills: 0, headshots: 3 }))).toBe(0)
  })

  it('winRate uses rounds in retakes and duels (kills vs deaths) in solo, both in percent', () => {
    expect(winRate(counters({ wins: 3, loses: 1 }), 'retakes')).toBe(75)
    expect(winRate(counters({ wins: 0, loses: 0 }), 'retakes')).toBe(0)
    expect(winRate(counters({ kills: 6, deaths: 2, wins: 0, loses: 9 }), 'solo')).toBe(75)
    expect(winRate(counters({ kills: 0, deaths: 0 }), 'solo')).toBe(0)
    expect(winRate(counters({ kills: 0, deaths: 5 }), 'solo')).toBe(0)
  })

  it('clutchWinRate is clutches won in percent, 0 without clutches', () => {
    expect(clutchWinRate(counters({ clutches: 4, clutchwins: 1 }))).toBe(25)
    expect(clutchWinRate(counters({ clutches: 0, clutchwins: 0 }))).toBe(0)
  })

  it('kpm is kills per minute, 0 with zero play time', () => {
    expect(kpm(counters({ kills: 120, playtime: 60 }))).toBe(2)
    expect(kpm(counters({ kills: 120, playtime: 0 }))).toBe(0)
  })

  it('play time is shown in hours', () => {
    expect(playtimeHours(counters({ playtime: 90 }))).toBe(1.5)
    expect(playtimeHours(counters({ playtime: 0 }))).toBe(0)
  })

  it('statValue picks the counter or the derived stat of a column', () => {
    const player = counters({ kills: 30, deaths: 10, headshots: 15, playtime: 120, rifle_kills: 7, wins: 1, loses: 3 })
    expect(statValue(player, 'kills', 'dm')).toBe(30)
    expect(statValue(player, 'rifle_kills', 'dm')).toBe(7)
    expect(statValue(player, 'kda', 'dm')).toBe(3)
    expect(statValue(player, 'kpm', 'dm')).toBe(0.25)
    expect(statValue(player, 'hsRate', 'dm')).toBe(50)
    expect(statValue(player, 'winRate', 'retakes')).toBe(25)
    expect(statValue(player, 'winRate', 'solo')).toBe(75)
    expect(statValue(player, 'playtime', 'dm')).toBe(2)
  })
})
