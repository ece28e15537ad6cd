import { describe, expect, it } from 'vitest'
import { parseSeasonParam, resolveScope, seasonQuery } from './season-scope'

const seasons = [
  { id: 7, name: 'S7' },
  { id: 6, name: 'S6' },
]

describe('season scope', () => {
  it('reads all, a season id, or nothing from ?season=', () => {
    expect(parseSeasonParam('all')).toBe('all')
    expect(parseSeasonParam('6')).toBe(6)
    expect(parseSeasonParam(null)).toBeNull()
    expect(parseSeasonParam('')).toBeNull()
    expect(parseSeasonParam('0')).toBeNull()
    expect(parseSeasonParam('-1')).toBeNull()
    expect(parseSeasonParam('ALL')).toBeNull()
    expect(parseSeasonParam('6abc')).toBeNull()
  })

  it('keeps a scope the URL names, even before the seasons arrive', () => {
    expect(resolveScope('all', [], false)).toBe('all')
    expect(resolveScope(6, [], false)).toBe(6)
  })

  it('without one, waits for the list, then takes its first (newest) season or all-time if empty', () => {
    expect(resolveScope(null, [], false)).toBeUndefined()
    expect(resolveScope(null, seasons, true)).toBe(7)
    expect(resolveScope(null, [], true)).toBe('all')
  })

  it('all-time sends no season parameter', () => {
    expect(seasonQuery('all')).toBeUndefined()
    expect(seasonQuery(6)).toBe(6)
  })
})
