import { describe, expect, it } from 'vitest'
import zhLeaderboard from '@/locales/zh/leaderboard.json'
import { STAT_KINDS } from './format'
import { DETAIL_DERIVED, DETAIL_TOTALS, EXPLAINED_COLUMNS, LEADERBOARD_MODES, MOBILE_COLUMNS, TABLE_COLUMNS, TOP_CARD_COLUMNS } from './modes'

describe('columns per mode (spec 001 §3)', () => {
  it('the table shows each mode\'s columns in the spec\'s order', () => {
    expect(TABLE_COLUMNS).toEqual({
      dm: ['kills', 'kda', 'kpm', 'hsRate', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
      solo: ['kills', 'kda', 'winRate', 'hsRate', 'rifle_kills', 'pistol_kills', 'awp_kills', 'playtime'],
      retakes: ['kills', 'kda', 'winRate', 'hsRate', 'clutchwins', 'clutchWinRate', 'playtime'],
      'dm-pistol': ['kills', 'kda', 'kpm', 'hsRate', 'playtime'],
    })
  })

  it('the top cards show three headline stats per mode', () => {
    expect(TOP_CARD_COLUMNS).toEqual({
      dm: ['kills', 'kda', 'kpm'],
      solo: ['kills', 'winRate', 'hsRate'],
      retakes: ['kills', 'kda', 'winRate'],
      'dm-pistol': ['kills', 'hsRate', 'kpm'],
    })
  })

  it('mobile rows show a subset of the table columns of their mode', () => {
    for (const mode of LEADERBOARD_MODES) {
      expect(MOBILE_COLUMNS[mode].length).toBeLessThan(TABLE_COLUMNS[mode].length)
      for (const stat of MOBILE_COLUMNS[mode]) expect(TABLE_COLUMNS[mode]).toContain(stat)
    }
  })

  it('every stat shown anywhere has a display kind and a label', () => {
    const shown = new Set([...Object.values(TABLE_COLUMNS).flat(), ...Object.values(DETAIL_DERIVED).flat(), ...Object.values(DETAIL_TOTALS).flat()])
    for (const stat of shown) {
      expect({ stat, kind: STAT_KINDS[stat], label: zhLeaderboard.columns[stat] }).toEqual({
        stat,
        kind: expect.any(String),
        label: expect.any(String),
      })
    }
  })

  it('the detail dialog shows only the stats that mean something in the mode', () => {
    const shownIn = (mode: (typeof LEADERBOARD_MODES)[number]) => [...DETAIL_DERIVED[mode], ...DETAIL_TOTALS[mode]]
    // Deathmatch boards have no rounds and no clutches: no win or clutch numbers.
    for (const mode of ['dm', 'dm-pistol'] as const) {
      for (const stat of ['winRate', 'clutchWinRate', 'wins', 'loses', 'clutches', 'clutchwins'] as const) {
        expect({ mode, shows: shownIn(mode).includes(stat) }).toEqual({ mode, shows: false })
      }
    }
    // Solo's win rate is kills over duels; clutches belong to retakes alone.
    expect(shownIn('solo')).not.toContain('clutchWinRate')
    expect(shownIn('solo')).not.toContain('clutches')
    expect(DETAIL_DERIVED.retakes).toEqual(['kda', 'winRate', 'hsRate', 'clutchWinRate'])
    // Every table column's derived stat is in the dialog too.
    for (const mode of LEADERBOARD_MODES) {
      for (const stat of TABLE_COLUMNS[mode]) expect(shownIn(mode)).toContain(stat)
    }
  })

  it('the explained columns have a hint each', () => {
    for (const stat of EXPLAINED_COLUMNS) {
      expect({ stat, hint: zhLeaderboard.hints[stat] }).toEqual({ stat, hint: expect.any(String) })
    }
  })
})
