import { describe, expect, it } from 'vitest'
import { serverItem } from '../testing/server-fixtures'
import { DEFAULT_SORT, nextSort, sortServers, type SortState } from './sorting'

const ids = (list: { name: string }[]) => list.map((s) => s.name)

describe('nextSort', () => {
  it('cycles ascending → descending → none, and a new column starts ascending', () => {
    let sort: SortState = null
    sort = nextSort(sort, 'name')
    expect(sort).toEqual({ key: 'name', direction: 'asc' })
    sort = nextSort(sort, 'name')
    expect(sort).toEqual({ key: 'name', direction: 'desc' })
    expect(nextSort(sort, 'name')).toBeNull()
    expect(nextSort(sort, 'players')).toEqual({ key: 'players', direction: 'asc' })
  })

  it('defaults to players descending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'players', direction: 'desc' })
  })
})

describe('sortServers', () => {
  it('puts pinned servers first, higher ontop first, whatever the sort', () => {
    const list = [
      serverItem({ name: 'busy', players: '9/10' }),
      serverItem({ name: 'pin1', players: '1/10', ontop: 1 }),
      serverItem({ name: 'pin5', players: '0/10', ontop: 5 }),
    ]
    for (const sort of [DEFAULT_SORT, { key: 'name', direction: 'asc' } as const, null]) {
      expect(ids(sortServers(list, sort)).slice(0, 2)).toEqual(['pin5', 'pin1'])
    }
  })

  it('sorts by players, then star, then max slots, then id', () => {
    const list = [
      serverItem({ ip: '10.0.0.4', name: 'd', players: '5/10', star: 0, players_max: 10 }),
      serverItem({ ip: '10.0.0.3', name: 'c', players: '5/10', star: 0, players_max: 10 }),
      serverItem({ ip: '10.0.0.2', name: 'b', players: '5/12', star: 0, players_max: 12 }),
      serverItem({ ip: '10.0.0.1', name: 'a', players: '5/10', star: 1, players_max: 10 }),
      serverItem({ ip: '10.0.0.5', name: 'e', players: '7/10', star: 0, players_max: 10 }),
    ]
    expect(ids(sortServers(list, { key: 'players', direction: 'asc' }))).toEqual(['c', 'd', 'b', 'a', 'e'])
    expect(ids(sortServers(list, { key: 'players', direction: 'desc' }))).toEqual(['e', 'a', 'b', 'c', 'd'])
  })

  it('sorts names case-insensitively, ties by id', () => {
    const list = [
      serverItem({ ip: '10.0.1.2', name: 'beta' }),
      serverItem({ ip: '10.0.1.1', name: 'Beta' }),
      serverItem({ ip: '10.0.1.3', name: 'alpha' }),
      serverItem({ ip: '10.0.1.4', name: 'Charlie' }),
    ]
    const asc = sortServers(list, { key: 'name', direction: 'asc' })
    expect(asc.map((s) => s.id)).toEqual(['10.0.1.3:27015', '10.0.1.1:27015', '10.0.1.2:27015', '10.0.1.4:27015'])
    const desc = sortServers(list, { key: 'name', direction: 'desc' })
    expect(desc.map((s) => s.id)).toEqual(['10.0.1.4:27015', '10.0.1.1:27015', '10.0.1.2:27015', '10.0.1.3:27015'])
  })

  it('keeps the list order without a sort (after the pinned rows)', () => {
    const list = [serverItem({ name: 'z' }), serverItem({ name: 'a', players: '9/10' }), serverItem({ name: 'm' })]
    expect(ids(sortServers(list, null))).toEqual(['z', 'a', 'm'])
  })
})
