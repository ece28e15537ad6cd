import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ALICE, captureAuthLog, fakeJwt, jwtExpiringIn, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { SESSION_LIFETIME_MS } from './constants'
import { onInvalidLoginToken } from './api-client'
import {
  checkTokens,
  dismissLoginExpired,
  endInvalidSession,
  getSessionUser,
  loadSession,
  logAuthAction,
  logout,
  startSession,
  subscribeSession,
  isLoginExpired,
  verifySessionWithServer,
} from './session'
import { STORAGE_KEYS, storage } from './storage'

const DAY = 24 * 60 * 60 * 1000

// The session store outlives a test; start each one from the (cleared) storage.
beforeEach(() => {
  loadSession()
  dismissLoginExpired()
})

describe('loading the session', () => {
  it('keeps a user who logged in less than 7 days ago', () => {
    const now = Date.now()
    storeSession({ loginTime: now - 6 * DAY })
    loadSession(now)
    expect(getSessionUser()).toEqual(ALICE)
    expect(storage.user.get()).toEqual(ALICE)
  })

  it('discards a user whose login is older than 7 days, with the login time and token', () => {
    const now = Date.now()
    storeSession({ loginTime: now - SESSION_LIFETIME_MS - 1 })
    loadSession(now)
    expect(getSessionUser()).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.loginTime)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })

  it('discards a user without a login time', () => {
    storeSession()
    localStorage.removeItem(STORAGE_KEYS.loginTime)
    loadSession()
    expect(getSessionUser()).toBeNull()
  })

  it('ends a session whose token is already expired, without calling the backend', () => {
    // onUnhandledFrame: 'error' would fail on a LOGOUT log call.
    storeSession({ token: jwtExpiringIn(-10) })
    loadSession()
    expect(getSessionUser()).toBeNull()
    expect(storage.loginToken.get()).toBeNull()
  })
})

describe('token check', () => {
  it('keeps a session whose login token is still valid', () => {
    const token = storeSession()
    loadSession()
    checkTokens()
    expect(getSessionUser()).toEqual(ALICE)
    expect(storage.loginToken.get()).toBe(token)
  })

  it.each([
    ['expired', () => jwtExpiringIn(-1)],
    ['garbled', () => 'not-a-jwt'],
    ['without exp', () => fakeJwt({ sub: '1' })],
  ])('removes an %s login token and logs out', (_, token) => {
    storeSession()
    loadSession()
    localStorage.setItem(STORAGE_KEYS.loginToken, token())
    localStorage.setItem(STORAGE_KEYS.emailBindToken, jwtExpiringIn(600, 'bind'))
    checkTokens()
    expect(getSessionUser()).toBeNull()
    expect(storage.user.get()).toBeNull()
    expect(storage.loginToken.get()).toBeNull()
    expect(storage.loginTime.get()).toBeNull()
    // Logout removes the bind token too.
    expect(storage.emailBindToken.get()).toBeNull()
  })

  it('removes an expired bind token but keeps a valid login', () => {
    storeSession()
    loadSession()
    localStorage.setItem(STORAGE_KEYS.emailBindToken, jwtExpiringIn(-1, 'bind'))
    checkTokens()
    expect(storage.emailBindToken.get()).toBeNull()
    expect(getSessionUser()).toEqual(ALICE)
  })

  it('keeps a usable bind token (an e-mail account half-way through binding)', () => {
    const bind = jwtExpiringIn(600, 'bind')
    localStorage.setItem(STORAGE_KEYS.emailBindToken, bind)
    checkTokens()
    expect(storage.emailBindToken.get()).toBe(bind)
  })

  it('logs out a stored user when neither token is present', () => {
    storeSession()
    loadSession()
    localStorage.removeItem(STORAGE_KEYS.loginToken)
    checkTokens()
    expect(getSessionUser()).toBeNull()
    expect(storage.user.get()).toBeNull()
  })

  it('checks the expiry against the given time', () => {
    const now = Date.now()
    storeSession({ token: fakeJwt({ exp: Math.floor(now / 1000) + 30 }) })
    loadSession(now)
    checkTokens(now + 20_000)
    expect(getSessionUser()).toEqual(ALICE)
    checkTokens(now + 31_000)
    expect(getSessionUser()).toBeNull()
  })
})

describe('logout', () => {
  it('logs LOGOUT with the token before removing it, then clears the session', async () => {
    const log = captureAuthLog()
    const token = storeSession()
    localStorage.setItem(STORAGE_KEYS.emailBindToken, jwtExpiringIn(600, 'bind'))
    localStorage.setItem(STORAGE_KEYS.bindingEmail, 'a@b.c')
    loadSession()
    logout()
    expect(getSessionUser()).toBeNull()
    expect(storage.user.get()).toBeNull()
    expect(storage.loginTime.get()).toBeNull()
    expect(storage.loginToken.get()).toBeNull()
    expect(storage.emailBindToken.get()).toBeNull()
    await vi.waitFor(() =>
      expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGOUT', authorization: `Bearer ${token}` }]),
    )
  })

  it('only logs a failing LOGOUT call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log = captureAuthLog(500)
    storeSession()
    loadSession()
    logout()
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect(log).toHaveLength(1)
    expect(getSessionUser()).toBeNull()
  })
})

describe('starting a session', () => {
  it('stores the user, the login time and the token, and ends any binding', () => {
    localStorage.setItem(STORAGE_KEYS.emailBindToken, 'bind')
    localStorage.setItem(STORAGE_KEYS.bindingEmail, 'a@b.c')
    const token = jwtExpiringIn(3600)
    startSession({ user: ALICE, token }, 1_700_000_000_000)
    expect(getSessionUser()).toEqual(ALICE)
    expect(storage.user.get()).toEqual(ALICE)
    expect(storage.loginTime.get()).toBe(1_700_000_000_000)
    expect(storage.loginToken.get()).toBe(token)
    expect(storage.emailBindToken.get()).toBeNull()
    expect(storage.bindingEmail.get()).toBeNull()
  })

  it('logs a login action with the stored login token', async () => {
    const log = captureAuthLog()
    const token = jwtExpiringIn(3600)
    startSession({ user: ALICE, token })
    await logAuthAction('LOGIN-EMAIL', ALICE.steamId)
    expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGIN-EMAIL', authorization: `Bearer ${token}` }])
  })

  it('never rejects when the log call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.post('/api/auth/log', () => HttpResponse.error()))
    startSession({ user: ALICE, token: jwtExpiringIn(3600) })
    await expect(logAuthAction('LOGIN-STEAM')).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
  })
})

describe('a session ended elsewhere', () => {
  const invalidToken = () =>
    HttpResponse.json({ error: 'INVALID_TOKEN', message: 'Invalid login token', details: {} }, { status: 401 })

  it('asks the server with the login token and keeps a session it accepts', async () => {
    const token = storeSession()
    loadSession()
    let bearer: string | null = null
    server.use(
      http.get('/api/auth/session', ({ request }) => {
        bearer = request.headers.get('Authorization')
        return HttpResponse.json({ steamId: ALICE.steamId, expiresAt: 1 })
      }),
    )
    await verifySessionWithServer()
    expect(bearer).toBe(`Bearer ${token}`)
    expect(getSessionUser()).toEqual(ALICE)
  })

  it('ends the session and tells the user when the server refuses the token', async () => {
    storeSession()
    loadSession()
    const stop = onInvalidLoginToken(endInvalidSession)
    server.use(http.get('/api/auth/session', invalidToken))
    const seen: boolean[] = []
    const unsubscribe = subscribeSession(() => seen.push(isLoginExpired()))
    try {
      await verifySessionWithServer()
    } finally {
      stop()
      unsubscribe()
    }
    expect(getSessionUser()).toBeNull()
    expect(storage.loginToken.get()).toBeNull()
    expect(isLoginExpired()).toBe(true)
    expect(seen).toContain(true)
  })

  it('keeps the session when the server cannot be reached', async () => {
    storeSession()
    loadSession()
    server.use(http.get('/api/auth/session', () => HttpResponse.error()))
    await verifySessionWithServer()
    expect(getSessionUser()).toEqual(ALICE)
    expect(isLoginExpired()).toBe(false)
  })

  it('does not ask without a session', async () => {
    let asked = false
    server.use(
      http.get('/api/auth/session', () => {
        asked = true
        return invalidToken()
      }),
    )
    await verifySessionWithServer()
    expect(asked).toBe(false)
  })

  it('announces a login token that expires while the app runs, not one found expired on load', () => {
    storeSession({ token: jwtExpiringIn(-1) })
    loadSession()
    expect(isLoginExpired()).toBe(false)
    storeSession({ token: jwtExpiringIn(-1) })
    checkTokens(Date.now(), true)
    expect(getSessionUser()).toBeNull()
    expect(isLoginExpired()).toBe(true)
  })

  it('forgets the notice on the next login and never shows it for a logout the user asked for', () => {
    storeSession()
    loadSession()
    endInvalidSession()
    expect(isLoginExpired()).toBe(true)
    startSession({ user: ALICE, token: fakeJwt({ typ: 'login', exp: Date.now() / 1000 + 3600 }) })
    expect(isLoginExpired()).toBe(false)
    logout()
    expect(isLoginExpired()).toBe(false)
  })
})

