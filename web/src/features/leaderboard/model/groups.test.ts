import { describe, expect, it } from 'vitest'
import { playerGroups, toggleGroup, usergroupParam } from './groups'

describe('player groups', () => {
  it('a player shows a badge for every group, in the fixed order op, kol, pro, vip', () => {
    expect(playerGroups(['vip', 'pro'])).toEqual(['pro', 'vip'])
    expect(playerGroups(['pro', 'kol', 'op', 'vip'])).toEqual(['op', 'kol', 'pro', 'vip'])
    expect(playerGroups(['vip', 'kol', 'vip'])).toEqual(['kol', 'vip'])
    expect(playerGroups(['vip'])).toEqual(['vip'])
    expect(playerGroups([])).toEqual([])
    expect(playerGroups(['admin', 'op'])).toEqual(['op'])
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
