import { describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEYS, STORAGE_KEYS, sessionStore, storage } from './storage'

describe('storage', () => {
  it('round-trips every key', () => {
    storage.user.set({ steamId: '76561198000000000', username: 'ace', avatar: 'a.png' })
    storage.loginTime.set(1_700_000_000_000)
    storage.loginToken.set('t1')
    storage.emailBindToken.set('t2')
    storage.bindingEmail.set('me@example.com')
    storage.language.set('en')

    expect(storage.user.get()).toEqual({ steamId: '76561198000000000', username: 'ace', avatar: 'a.png' })
    expect(storage.loginTime.get()).toBe(1_700_000_000_000)
    expect(storage.loginToken.get()).toBe('t1')
    expect(storage.emailBindToken.get()).toBe('t2')
    expect(storage.bindingEmail.get()).toBe('me@example.com')
    expect(storage.language.get()).toBe('en')
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en')
  })

  it('reads missing values as null and removes values', () => {
    expect(storage.loginToken.get()).toBeNull()
    storage.loginToken.set('t')
    storage.loginToken.remove()
    expect(storage.loginToken.get()).toBeNull()
  })

  it('reads corrupt or foreign values as null', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json')
    localStorage.setItem(STORAGE_KEYS.loginTime, 'yesterday')
    localStorage.setItem(STORAGE_KEYS.language, 'de')
    expect(storage.user.get()).toBeNull()
    expect(storage.loginTime.get()).toBeNull()
    expect(storage.language.get()).toBeNull()

    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username: 'no steam id' }))
    expect(storage.user.get()).toBeNull()
  })

  it('keeps the reset throttle in localStorage and the OpenID state in sessionStorage', () => {
    storage.resetPasswordRequestedAt.set(1_700_000_000_000)
    sessionStore.openidState.set('abc123')
    expect(localStorage.getItem(STORAGE_KEYS.resetPasswordRequestedAt)).toBe('1700000000000')
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.openidState)).toBe('abc123')
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.openidState)).toBeNull()
    sessionStore.openidState.remove()
    expect(sessionStore.openidState.get()).toBeNull()
  })
})
