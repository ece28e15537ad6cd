import { describe, expect, it } from 'vitest'
import { cardActions, isCardFrozen, isCardInactive, type CardState } from './card-actions'

const OWNER: CardState = {
  isOwner: true,
  expired: false,
  maintenance: false,
  switching: false,
  restarting: false,
  relocatable: true,
  jobRunning: false,
}
const MEMBER: CardState = { ...OWNER, isOwner: false }

const shown = (state: CardState) => cardActions(state).map((rule) => rule.action)
const enabled = (state: CardState) => cardActions(state).filter((rule) => rule.enabled).map((rule) => rule.action)
const reasons = (state: CardState) =>
  Object.fromEntries(cardActions(state).filter((rule) => !rule.enabled).map((rule) => [rule.action, rule.reason]))

describe('server card buttons', () => {
  it('an owner of a relocatable server has every action, verify and update included', () => {
    expect(shown(OWNER)).toEqual(['copy', 'password', 'admins', 'demos', 'restart', 'switchRegion', 'renew', 'verify', 'update'])
    expect(enabled(OWNER)).toEqual(shown(OWNER))
  })

  it('a fixed-region server has no switch-region button, even for its owner', () => {
    expect(shown({ ...OWNER, relocatable: false })).not.toContain('switchRegion')
  })

  it('a member sees change password and switch region disabled as owner-only, and no verify or update', () => {
    expect(shown(MEMBER)).toEqual(['copy', 'password', 'admins', 'demos', 'restart', 'switchRegion', 'renew'])
    expect(reasons(MEMBER)).toEqual({ password: 'ownerOnly', switchRegion: 'ownerOnly' })
    expect(enabled(MEMBER)).toEqual(['copy', 'admins', 'demos', 'restart', 'renew'])
  })

  it.each([
    ['owner', OWNER],
    ['member', MEMBER],
  ])('an expired card (%s) shows copy IP, restart and renew; only renew works', (_who, state) => {
    const expired = { ...state, expired: true }
    expect(shown(expired)).toEqual(['copy', 'restart', 'renew'])
    expect(enabled(expired)).toEqual(['renew'])
    expect(reasons(expired)).toEqual({ copy: 'expired', restart: 'expired' })
    expect(isCardInactive(expired)).toBe(true)
    expect(isCardFrozen(expired)).toBe(false)
  })

  it.each([
    ['maintenance', { maintenance: true }, 'maintenance'],
    ['a region switch', { switching: true }, 'switching'],
  ] as const)('%s disables every control, renew included, and freezes the card', (_label, patch, reason) => {
    for (const state of [OWNER, MEMBER, { ...OWNER, expired: true }]) {
      const frozen = { ...state, ...patch }
      expect(enabled(frozen)).toEqual([])
      expect(new Set(Object.values(reasons(frozen)))).toEqual(new Set([reason]))
      expect(isCardFrozen(frozen)).toBe(true)
      expect(isCardInactive(frozen)).toBe(true)
    }
  })

  it('during the restart lock every control is disabled but the card takes the pointer', () => {
    const restarting = { ...OWNER, restarting: true }
    expect(enabled(restarting)).toEqual([])
    expect(isCardInactive(restarting)).toBe(true)
    expect(isCardFrozen(restarting)).toBe(false)
  })

  it('while files are checked or updated, restart, switch, verify and update wait', () => {
    const busy = { ...OWNER, jobRunning: true }
    expect(reasons(busy)).toEqual({ restart: 'jobRunning', switchRegion: 'jobRunning', verify: 'jobRunning', update: 'jobRunning' })
    expect(enabled(busy)).toEqual(['copy', 'password', 'admins', 'demos', 'renew'])
    expect(isCardInactive(busy)).toBe(false)
  })

  it('a server that is gone or never came up takes no action, renew included', () => {
    for (const state of [OWNER, MEMBER, { ...OWNER, expired: true }]) {
      const ended = { ...state, ended: true }
      expect(enabled(ended)).toEqual([])
      expect(new Set(Object.values(reasons(ended)))).toEqual(new Set(['ended']))
      expect(isCardInactive(ended)).toBe(true)
      expect(isCardFrozen(ended)).toBe(false)
    }
  })

  it('copy waits for an address (none while the server is created or moved); the rest works', () => {
    const creating = { ...OWNER, hasAddress: false }
    expect(reasons(creating)).toEqual({ copy: 'noAddress' })
    expect(isCardInactive(creating)).toBe(false)
  })
})
