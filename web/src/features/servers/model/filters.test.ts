import { describe, expect, it } from 'vitest'
import { serverListSchema } from '../api/server-schemas'
import { serverItem } from '../testing/server-fixtures'
import {
  acceptSearchParam,
  DEFAULT_FILTERS,
  filterServers,
  isFull,
  pruneFilters,
  readFilters,
  writeFilters,
  type ServerFilters,
} from './filters'
import { toServerItem } from './server-model'

const none: ServerFilters = { ...DEFAULT_FILTERS, hideFull: false, hideOffline: false }
const names = (list: { name: string }[]) => list.map((s) => s.name)

describe('server items', () => {
  it('coerces open from a string, keeps players_max optional and builds the row id', () => {
    const [item] = serverListSchema.parse([
      { ip: '1.2.3.4', port: 27015, name: 'A', players: '3/12', open: '1', category: 'retakes', map: 'm', region: 'r' },
    ])
    const server = toServerItem(item)
    expect(server.open).toBe(1)
    expect(server.players_max).toBeNull()
    expect(server.id).toBe('1.2.3.4:27015')
    expect(server.maxSlots).toBe(12)
    expect(toServerItem(serverListSchema.parse([{ ...item, open: '0', players_max: null }])[0]).open).toBe(0)
  })

  it('shows name_display when it is not blank, else name', () => {
    expect(serverItem({ name: 'raw', name_display: '  ' }).displayName).toBe('raw')
    expect(serverItem({ name: 'raw', name_display: '展示名' }).displayName).toBe('展示名')
  })
})

describe('hide full', () => {
  it.each([
    ['10/10 with players_max 10', { players: '10/10', players_max: 10 }, true],
    ['9/10 with players_max 10', { players: '9/10', players_max: 10 }, false],
    ['players_max overrides the text max', { players: '8/10', players_max: 8 }, true],
    ['players_max above the text max', { players: '10/10', players_max: 12 }, false],
    ['no players_max: text max reached', { players: '16/16', players_max: null }, true],
    ['no players_max: text max not reached', { players: '15/16', players_max: null }, false],
    ['no players_max: text max 0 never counts as full', { players: '0/0', players_max: null }, false],
    ['no players_max: above text max', { players: '20/16', players_max: null }, true],
    ['offline servers are not "full"', { players: '10/10', players_max: 10, open: 0 }, false],
  ])('%s: %o → full %s', (_label, overrides, full) => {
    expect(isFull(serverItem(overrides))).toBe(full)
  })

  it('hides full open servers only when the switch is on', () => {
    const list = [serverItem({ name: 'full', players: '10/10' }), serverItem({ name: 'room', players: '2/10' })]
    expect(names(filterServers(list, { ...none, hideFull: true }))).toEqual(['room'])
    expect(names(filterServers(list, none))).toEqual(['full', 'room'])
  })
})

describe('filterServers', () => {
  const list = [
    serverItem({ name: 'Alpha DM', players: '0/10', category: 'deathmatch', map: 'de_dust2', region: 'ap-shanghai' }),
    serverItem({ name: 'beta retakes', players: '4/10', category: 'retakes', map: 'de_mirage', region: 'eu-frankfurt' }),
    serverItem({ name: 'Gamma 1v1', name_display: '伽马 单挑', players: '2/10', category: 'solo 1v1', open: 0 }),
  ]

  it('hides empty servers (0 players) when asked', () => {
    expect(names(filterServers(list, { ...none, hideEmpty: true }))).toEqual(['beta retakes', 'Gamma 1v1'])
  })

  it('hides offline servers (open 0) when asked', () => {
    expect(names(filterServers(list, { ...none, hideOffline: true }))).toEqual(['Alpha DM', 'beta retakes'])
  })

  it('matches the trimmed search case-insensitively on the display name', () => {
    expect(names(filterServers(list, { ...none, search: '  ALPHA ' }))).toEqual(['Alpha DM'])
    expect(names(filterServers(list, { ...none, search: '伽马' }))).toEqual(['Gamma 1v1'])
    // The raw name is not searched when a display name is set.
    expect(names(filterServers(list, { ...none, search: 'gamma' }))).toEqual([])
  })

  it('matches modes, maps and regions exactly', () => {
    expect(names(filterServers(list, { ...none, modes: ['retakes'] }))).toEqual(['beta retakes'])
    expect(names(filterServers(list, { ...none, modes: ['retake'] }))).toEqual([])
    expect(names(filterServers(list, { ...none, maps: ['de_dust2'] }))).toEqual(['Alpha DM', 'Gamma 1v1'])
    expect(names(filterServers(list, { ...none, regions: ['eu-frankfurt'] }))).toEqual(['beta retakes'])
  })

  it('applies the defaults: hide full and hide offline on, hide empty off', () => {
    expect(DEFAULT_FILTERS).toEqual({
      search: '',
      modes: [],
      maps: [],
      regions: [],
      hideFull: true,
      hideEmpty: false,
      hideOffline: true,
    })
    expect(names(filterServers(list, DEFAULT_FILTERS))).toEqual(['Alpha DM', 'beta retakes'])
  })
})

describe('query string', () => {
  it('writes nothing for the defaults and keeps unrelated parameters', () => {
    expect(writeFilters(new URLSearchParams('from=qq'), DEFAULT_FILTERS).toString()).toBe('from=qq')
  })

  it('writes every non-default filter and reads it back', () => {
    const filters: ServerFilters = {
      search: 'dust 2',
      modes: ['deathmatch', 'retakes'],
      maps: ['de_dust2'],
      regions: ['ap-shanghai', 'eu-frankfurt'],
      hideFull: false,
      hideEmpty: true,
      hideOffline: false,
    }
    const params = writeFilters(new URLSearchParams(), filters)
    expect(Object.fromEntries(params)).toEqual({
      s: 'dust 2',
      modes: 'deathmatch,retakes',
      maps: 'de_dust2',
      regions: 'ap-shanghai,eu-frankfurt',
      hide_full: 'false',
      hide_empty: 'true',
      hide_offline: 'false',
    })
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(filters)
  })

  it('drops selected values that are not among the available options', () => {
    const read = readFilters(new URLSearchParams('modes=retakes,bogus&maps=de_dust2,de_nowhere&regions=mars-1,ap-tokyo'))
    expect(pruneFilters(read, { modes: ['retakes'], maps: ['de_dust2'], regions: ['ap-tokyo'] })).toMatchObject({
      modes: ['retakes'],
      maps: ['de_dust2'],
      regions: ['ap-tokyo'],
    })
  })

  it.each([
    ['dust2', 'dust2'],
    ['上海 死斗', '上海 死斗'],
    ['  padded  ', 'padded'],
    ['[CN] dm', ''],
    ['<script>', ''],
    ['a&b', ''],
    ['', ''],
  ])('accepts the search %j from the URL as %j', (raw, expected) => {
    expect(acceptSearchParam(raw)).toBe(expected)
    expect(readFilters(new URLSearchParams({ s: raw })).search).toBe(expected)
  })
})
