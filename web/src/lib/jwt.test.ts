import { describe, expect, it } from 'vitest'
import { fakeJwt } from '@/testing/auth-fixtures'
import { isJwtUsable, jwtExpiry } from './jwt'

describe('jwt', () => {
  const now = Date.UTC(2025, 0, 1)

  it('reads exp (seconds) as epoch milliseconds, also from base64url with - and _', () => {
    expect(jwtExpiry(fakeJwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000)
    // "name" with characters whose base64 form contains + and / (hence - and _ in base64url).
    const token = fakeJwt({ exp: 1_700_000_000, name: '??>>~~ünï' })
    expect(token.split('.')[1]).toMatch(/[-_]/)
    expect(jwtExpiry(token)).toBe(1_700_000_000_000)
  })

  it('treats a future exp as usable and a past one as not', () => {
    expect(isJwtUsable(fakeJwt({ exp: now / 1000 + 60 }), now)).toBe(true)
    expect(isJwtUsable(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(false)
  })

  it.each([
    ['empty', ''],
    ['not three parts', 'abc.def'],
    ['garbled payload', 'aaa.@@@.bbb'],
    ['payload not JSON', `x.${btoa('hello')}.y`],
    ['no exp', fakeJwt({ sub: '1' })],
    ['exp not a number', fakeJwt({ exp: 'tomorrow' })],
  ])('treats a token with %s as unusable', (_, token) => {
    expect(jwtExpiry(token)).toBeNull()
    expect(isJwtUsable(token, now)).toBe(false)
  })

  it('treats no token as unusable', () => {
    expect(isJwtUsable(null, now)).toBe(false)
  })
})
