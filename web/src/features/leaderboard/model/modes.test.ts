import { describe, expect, it } from 'vitest'
import { zhResources } from '@/locales/resources'
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
    const shown = new Set([...Object.values(TABLE_COLUMNS).flat(), ...DETAIL_DERIVED, ...DETAIL_TOTALS])
    for (const stat of shown) {
      expect({ stat, kind: STAT_KINDS[stat], label: zhResources.leaderboard.columns[stat] }).toEqual({
        stat,
        kind: expect.any(String),
        label: expect.any(String),
      })
    }
  })

  it('the explained columns have a hint each', () => {
    for (const stat of EXPLAINED_COLUMNS) {
      expect({ stat, hint: zhResources.leaderboard.hints[stat] }).toEqual({ stat, hint: expect.any(String) })
    }
  })
})
