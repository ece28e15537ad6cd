import { describe, expect, it } from 'vitest'
import { canAddAdmin, listError, MAX_ADMINS, rowErrors, serverAdminError, toAdminPayload, validateSteamId, type AdminRow } from './admins'

const row = (tempId: string, steamid: string, name = ''): AdminRow => ({ tempId, steamid, name })

describe('admin Steam IDs', () => {
  it.each([
    ['', 'steamIdRequired'],
    ['  ', 'steamIdRequired'],
    ['76561198000000001', null],
    [' 76561198000000001 ', null],
    ['7656119800000000', 'steamIdInvalid'],
    ['765611980000000012', 'steamIdInvalid'],
    ['7656119800000000a', 'steamIdInvalid'],
    ['12345678901234567', 'steamIdPrefix'],
    ['76561180000000001', 'steamIdPrefix'],
    ['76561190000000001', 'steamIdNotIndividual'],
    ['76561197960265728', 'steamIdNotIndividual'],
    ['76561197960265729', null],
  ])('%j → %s', (id, error) => {
    expect(validateSteamId(id)).toBe(error)
  })
})

describe('admin rows', () => {
  it('marks each row with its first problem; the later of two equal ids is the duplicate', () => {
    const errors = rowErrors([
      row('a', '76561198000000001'),
      row('b', '76561198000000002', 'x'.repeat(21)),
      row('c', '76561198000000001'),
      row('d', ''),
      row('e', '76561198000000003', '二十个字的备注二十个字的备注二十个字的备'),
    ])
    expect(Object.fromEntries(errors)).toEqual({ b: 'noteTooLong', c: 'duplicate', d: 'steamIdRequired' })
  })

  it('compares trimmed ids for duplicates', () => {
    expect(Object.fromEntries(rowErrors([row('a', '76561198000000001'), row('b', ' 76561198000000001')]))).toEqual({
      b: 'duplicate',
    })
  })

  it('needs at least one admin and at most seven; adding stops at seven', () => {
    const rows = Array.from({ length: MAX_ADMINS }, (_, i) => row(String(i), `7656119800000000${i}`))
    expect(listError([])).toBe('minAdmins')
    expect(listError(rows.slice(0, 1))).toBeNull()
    expect(listError(rows)).toBeNull()
    expect(listError([...rows, row('x', '76561198000000099')])).toBe('maxAdmins')
    expect(canAddAdmin(rows.slice(0, 6))).toBe(true)
    expect(canAddAdmin(rows)).toBe(false)
  })

  it('sends trimmed rows with the server name', () => {
    expect(toAdminPayload([row('a', ' 76561198000000001 ', ' coach ')], 'Team A')).toEqual([
      { steamid: '76561198000000001', name: 'coach', servername: 'Team A' },
    ])
  })
})

describe("the backend's refusal of an admin list", () => {
  it.each([
    [{ key: 'invalidId', steamid: '76561190000000001', field: 'admins' }, { steamid: '76561190000000001', error: 'steamIdInvalid' }],
    [{ key: 'invalidPrefix', steamid: '12345678901234567' }, { steamid: '12345678901234567', error: 'steamIdPrefix' }],
    [{ key: 'duplicateId', steamid: '76561198000000001' }, { steamid: '76561198000000001', error: 'duplicate' }],
    [{ key: 'noteTooLong', steamid: '76561198000000001' }, { steamid: '76561198000000001', error: 'noteTooLong' }],
    [{ key: 'minAdmin' }, { steamid: null, error: 'minAdmins' }],
    [{ key: 'maxAdmins' }, { steamid: null, error: 'maxAdmins' }],
  ])('%j → %j', (details, expected) => {
    expect(serverAdminError(details)).toEqual(expected)
  })

  it('knows nothing of other refusals', () => {
    expect(serverAdminError({})).toBeNull()
    expect(serverAdminError({ key: 'somethingElse' })).toBeNull()
  })
})
