import { describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEYS } from '@/lib/storage'
import { afterLoginPath, rememberLoginReturn, safeReturnPath, takeLoginReturn } from './login-return'

const ORIGIN = 'http://portal.test'

describe('where a login lands', () => {
  it('is the page it started on, without showEmailLogin, and / instead of /login (from kept)', () => {
    expect(afterLoginPath({ pathname: '/console/people', search: '?q=bob', hash: '#top' })).toBe('/console/people?q=bob#top')
    expect(afterLoginPath({ pathname: '/vip', search: '?from=app&showEmailLogin=true', hash: '' })).toBe('/vip?from=app')
    expect(afterLoginPath({ pathname: '/login', search: '?from=app', hash: '' })).toBe('/?from=app')
  })

  it.each([
    ['/console/people/7?tab=orders#x', '/console/people/7?tab=orders#x'],
    ['/', '/'],
  ])('takes a path of this site: %s', (raw, path) => {
    expect(safeReturnPath(raw, ORIGIN)).toBe(path)
  })

  it.each([
    ['another site', 'https://evil.example/console'],
    ['a protocol-relative URL', '//evil.example/console'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that URL parsing drops', '/\t/evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'console'],
    ['a Steam return page', '/auth/steam/callback?token=x'],
    ['nothing', null],
  ])('refuses %s', (_, raw) => {
    expect(safeReturnPath(raw, ORIGIN)).toBeNull()
  })

  it('is remembered for the Steam round trip, read once, and / when nothing (or nothing safe) was kept', () => {
    rememberLoginReturn('/console/orders?q=o_1')
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBe('/console/orders?q=o_1')
    expect(takeLoginReturn()).toBe('/console/orders?q=o_1')
    expect(takeLoginReturn()).toBe('/')
    rememberLoginReturn('//evil.example/')
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBeNull()
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, 'https://evil.example/')
    expect(takeLoginReturn()).toBe('/')
    rememberLoginReturn('/console')
    rememberLoginReturn(null)
    expect(takeLoginReturn()).toBe('/')
  })
})
