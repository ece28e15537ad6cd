import { describe, expect, it } from 'vitest'
import { serverItem } from '../testing/server-fixtures'
import { formatPlayTime } from './play-time'
import { inCategory, pickQuickJoinServer, requiredFreeSlots } from './quick-join'

describe('quick join', () => {
  it('matches categories: dm in deathmatch, retakes, 1v1, public', () => {
    expect(inCategory(serverItem({ category: 'deathmatch' }), 'deathmatch')).toBe(true)
    expect(inCategory(serverItem({ category: 'pistol dm' }), 'deathmatch')).toBe(true)
    expect(inCategory(serverItem({ category: 'no-awp dm' }), 'deathmatch')).toBe(true)
    expect(inCategory(serverItem({ category: 'retakes' }), 'deathmatch')).toBe(false)
    expect(inCategory(serverItem({ category: 'retakes' }), 'retakes')).toBe(true)
    expect(inCategory(serverItem({ category: 'solo 1v1' }), 'solo')).toBe(true)
    expect(inCategory(serverItem({ category: 'public' }), 'public')).toBe(true)
    expect(inCategory(serverItem({ category: 'competitive' }), 'public')).toBe(false)
  })

  it('needs 4 free slots without membership, 1 with any VIP status type but none', () => {
    expect(requiredFreeSlots('none')).toBe(4)
    expect(requiredFreeSlots(undefined)).toBe(4)
    expect(requiredFreeSlots('vip')).toBe(1)
    expect(requiredFreeSlots('pro')).toBe(1)
  })

  const list = [
    serverItem({ name: 'free6', players: '4/10' }),
    serverItem({ name: 'free4a', players: '6/10' }),
    serverItem({ name: 'free4b', players: '12/16', players_max: 16 }),
    serverItem({ name: 'free2', players: '8/10' }),
    serverItem({ name: 'free1', players: '9/10' }),
    serverItem({ name: 'offline', players: '0/10', open: 0 }),
    serverItem({ name: 'retakes', players: '0/10', category: 'retakes' }),
  ]

  it('chooses among the servers with the fewest sufficient free slots, at random', () => {
    const first = pickQuickJoinServer(list, 'deathmatch', 4, () => 0)
    const last = pickQuickJoinServer(list, 'deathmatch', 4, () => 0.99)
    expect(first.ok && first.server.name).toBe('free4a')
    expect(last.ok && last.server.name).toBe('free4b')
  })

  it('a member needs only one free slot', () => {
    const result = pickQuickJoinServer(list, 'deathmatch', 1, () => 0.5)
    expect(result.ok && result.server.name).toBe('free1')
  })

  it('reports no servers when none has enough room, and offline when all are offline', () => {
    expect(pickQuickJoinServer([serverItem({ players: '8/10' })], 'deathmatch', 4)).toEqual({ ok: false, error: 'noServers' })
    expect(pickQuickJoinServer([serverItem({ open: 0 })], 'deathmatch', 4)).toEqual({ ok: false, error: 'serverOffline' })
    expect(pickQuickJoinServer([], 'public', 4)).toEqual({ ok: false, error: 'noServers' })
  })
})

describe('formatPlayTime', () => {
  it.each([
    [103.25, '00:01:43'],
    [3661, '01:01:01'],
    [36000 * 3, '30:00:00'],
    [0, '--:--:--'],
    [undefined, '--:--:--'],
    [Number.NaN, '--:--:--'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatPlayTime(seconds)).toBe(text)
  })
})
