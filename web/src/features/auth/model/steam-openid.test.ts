import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/storage'
import { demoConfig } from '@/testing/fixtures'
import { consumeOpenidState, randomState, steamRedirectUrl } from './steam-openid'

const steam = {
  openidEndpoint: 'https://steamcommunity.com/openid/login',
  realm: 'http://127.0.0.1:8080',
  returnUrl: 'http://127.0.0.1:8080/api/auth/steam/callback',
  bindReturnUrl: 'http://127.0.0.1:8080/api/auth/steam/bind/callback',
}

describe('steam openid redirect', () => {
  it('builds a checkid_setup request returning to the login callback with the state', () => {
    const url = new URL(steamRedirectUrl(steam, { purpose: 'login' }, 'abcdef0123456789'))
    expect(`${url.origin}${url.pathname}`).toBe('https://steamcommunity.com/openid/login')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': 'http://127.0.0.1:8080/api/auth/steam/callback?state=abcdef0123456789',
      'openid.realm': 'http://127.0.0.1:8080',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    })
    expect(sessionStore.openidState.get()).toBe('abcdef0123456789')
  })

  it('carries the bind token to the bind callback', () => {
    const url = new URL(steamRedirectUrl(steam, { purpose: 'bind', bindToken: 'b.i.nd' }, 'feed'))
    const returnTo = new URL(url.searchParams.get('openid.return_to')!)
    expect(returnTo.pathname).toBe('/api/auth/steam/bind/callback')
    expect(returnTo.searchParams.get('email_bind_token')).toBe('b.i.nd')
    expect(returnTo.searchParams.get('state')).toBe('feed')
  })

  it('keeps query parameters the configured URLs already have', () => {
    const config = demoConfig().steam!
    const url = new URL(
      steamRedirectUrl(
        { ...steam, ...config, openidEndpoint: 'http://127.0.0.1:8080/api/dev/openid/login?x=1' },
        { purpose: 'login' },
        's1',
      ),
    )
    expect(url.searchParams.get('x')).toBe('1')
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup')
  })

  it('makes 32 random hex characters of state', () => {
    const a = randomState()
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(randomState()).not.toBe(a)
  })

  it('accepts only the stored state, once', () => {
    sessionStore.openidState.set('s1')
    expect(consumeOpenidState('s1')).toBe(true)
    expect(sessionStore.openidState.get()).toBeNull()
    expect(consumeOpenidState('s1')).toBe(false)
    sessionStore.openidState.set('s1')
    expect(consumeOpenidState('other')).toBe(false)
    expect(consumeOpenidState(null)).toBe(true)
  })
})
