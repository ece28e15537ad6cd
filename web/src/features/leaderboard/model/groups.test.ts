import { describe, expect, it } from 'vitest'
import { highestGroup, toggleGroup, usergroupParam } from './groups'

describe('player groups', () => {
  it('the badge is the highest group: op, then kol, pro, vip', () => {
    expect(highestGroup(['vip', 'pro'])).toBe('pro')
    expect(highestGroup(['pro', 'kol', 'op', 'vip'])).toBe('op')
    expect(highestGroup(['vip', 'kol'])).toBe('kol')
    expect(highestGroup(['vip'])).toBe('vip')
    expect(highestGroup([])).toBeNull()
    expect(highestGroup(['admin'])).toBeNull()
  })

  it('filters toggle independently and keep the PRO, KOL, OP order', () => {
    expect(toggleGroup([], 'op')).toEqual(['op'])
    expect(toggleGroup(['op'], 'pro')).toEqual(['pro', 'op'])
    expect(toggleGroup(['pro', 'op'], 'kol')).toEqual(['pro', 'kol', 'op'])
    expect(toggleGroup(['pro', 'kol', 'op'], 'kol')).toEqual(['pro', 'op'])
  })

  it('the usergroup parameter is a comma list, absent without a filter', () => {
    expect(usergroupParam(['pro', 'kol', 'op'])).toBe('pro,kol,op')
    expect(usergroupParam(['kol'])).toBe('kol')
    expect(usergroupParam([])).toBeUndefined()
  })
})
