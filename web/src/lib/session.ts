// The login session (spec 000 §4.1): who is logged in, kept in localStorage through `storage` and
// mirrored in a small store so components re-render when it changes. Lives in lib because the
// header, the account feature and quick join all read it.
import { useSyncExternalStore } from 'react'
import { apiClient, requestTimeout } from './api-client'
import { SESSION_LIFETIME_MS } from './constants'
import { isJwtUsable } from './jwt'
import { STORAGE_KEYS, storage, type StoredUser } from './storage'

export type AuthLogAction = 'LOGIN-STEAM' | 'LOGIN-EMAIL' | 'LOGOUT'

/** Gives up on the auth log call after this long: it must never hold up a login or logout. */
const LOG_TIMEOUT_MS = 5_000

/** Gives up on the session check after this long; the next check asks again. */
const CHECK_TIMEOUT_MS = 10_000

let currentUser: StoredUser | null = storage.user.get()
/** The session ended without the user asking (the server refused the token, or it expired here). */
let loginExpired = false
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of [...listeners]) listener()
}

function setUser(user: StoredUser | null): void {
  if (user === currentUser) return
  currentUser = user
  notify()
}

function setLoginExpired(expired: boolean): void {
  if (expired === loginExpired) return
  loginExpired = expired
  notify()
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getSessionUser(): StoredUser | null {
  return currentUser
}

/** The logged-in user, or null; re-renders on login and logout. */
export function useSessionUser(): StoredUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser)
}

/**
 * Reads the stored session on app load. A user whose login time is missing or older than 7 days
 * is discarded with the login token (both would be refused by the backend anyway); then the tokens
 * are checked once, so no screen ever shows a session that the first periodic check would end.
 * Neither step calls the backend: logout only logs with a token that is still usable.
 */
export function loadSession(now: number = Date.now()): void {
  const user = storage.user.get()
  const loginTime = storage.loginTime.get()
  if (user && (loginTime === null || now - loginTime > SESSION_LIFETIME_MS)) {
    storage.user.remove()
    storage.loginTime.remove()
    storage.loginToken.remove()
    setUser(null)
  } else {
    setUser(user)
  }
  checkTokens(now)
}

export function isLoginExpired(): boolean {
  return loginExpired
}

/** True after the session ended without the user logging out, until they log in or dismiss the notice. */
export function useLoginExpired(): boolean {
  return useSyncExternalStore(subscribeSession, isLoginExpired, isLoginExpired)
}

/**
 * The login-ended notice is due: the session ended without a logout and nobody has logged in since.
 * The shell mounts the notice (a deferred part) on it, and the notice shows on it.
 */
export function useLoginEndedNotice(): boolean {
  const expired = useLoginExpired()
  const user = useSessionUser()
  return expired && user === null
}

export function dismissLoginExpired(): void {
  setLoginExpired(false)
}

/** Re-reads the user after another tab logged in or out. */
export function syncSessionFromStorage(key: string | null): void {
  if (key === null || key === STORAGE_KEYS.user) setUser(storage.user.get())
}

export interface NewSession {
  user: StoredUser
  token: string
}

/** Stores a fresh login: the user, the login time (now) and the login token; any bind state ends. */
export function startSession({ user, token }: NewSession, now: number = Date.now()): void {
  storage.loginToken.set(token)
  storage.loginTime.set(now)
  storage.user.set(user)
  storage.emailBindToken.remove()
  storage.bindingEmail.remove()
  setLoginExpired(false)
  setUser(user)
}

/**
 * POST /api/auth/log with the stored login token. Failures are only logged (spec 000 §7), so the
 * promise always resolves; callers that reload the page afterwards await it.
 */
export async function logAuthAction(action: AuthLogAction, steamId?: string): Promise<void> {
  const id = steamId ?? currentUser?.steamId ?? storage.user.get()?.steamId
  if (!id || !storage.loginToken.get()) return
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(requestTimeout()), LOG_TIMEOUT_MS)
  try {
    await apiClient.post('/api/auth/log', { steamId: id, action }, { signal: controller.signal })
  } catch (error) {
    console.warn(`auth log ${action} failed`, error)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Ends the session: the LOGOUT log call goes out first, because the backend revokes the token it
 * is sent with (its Authorization header is taken synchronously, so removing the token right after
 * is safe). Then the login time, both tokens and the user are removed.
 */
export function logout(): void {
  const user = currentUser ?? storage.user.get()
  if (user) void logAuthAction('LOGOUT', user.steamId)
  endSessionHere()
}

/** The local half of a logout: the login time, both tokens and the user go. */
function endSessionHere(): void {
  storage.loginTime.remove()
  storage.loginToken.remove()
  storage.emailBindToken.remove()
  storage.user.remove()
  setUser(null)
}

/**
 * "Log out everywhere": the backend ends every session of the account, this one included
 * (POST /api/auth/logout-all with the login token, 204), then the session ends here as logout ends
 * it. No LOGOUT log call follows: the token it would carry is revoked by then, and the backend has
 * its own record of the call. Rejects with the ApiError when the backend refuses, and the session
 * stays; a 401 INVALID_TOKEN ends it all the same (the api client's invalid-token rule).
 */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.post('/api/auth/logout-all')
  endSessionHere()
}

/**
 * A call reported the login token invalid: it is dropped first, so LOGOUT is not sent with it, and
 * the user is told the login expired (spec 000 §4.1).
 */
export function endInvalidSession(): void {
  const wasLoggedIn = (currentUser ?? storage.user.get()) !== null
  storage.loginToken.remove()
  logout()
  if (wasLoggedIn) setLoginExpired(true)
}

/**
 * Asks the backend whether the login token still holds (GET /api/auth/session): a session ended on
 * another device, by "log out everywhere" or by a password reset is refused there, and the api
 * client's invalid-token rule ends it here. Any other failure (offline, timeout, busy) keeps the
 * session: the next check asks again.
 */
export async function verifySessionWithServer(): Promise<void> {
  if (!storage.loginToken.get() || !(currentUser ?? storage.user.get())) return
  try {
    await apiClient.get('/api/auth/session', { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
  } catch {
    // Handled above for INVALID_TOKEN; anything else is retried by the next check.
  }
}

/**
 * The token check: an unusable login token (missing/garbled/expired `exp`) is removed and ends the
 * session; an unusable bind token is removed; a logged-in user with neither token is logged out.
 * `periodic`: the check runs while the app is open, so a login that expires is announced; the check
 * on app load ends a stale session silently.
 */
export function checkTokens(now: number = Date.now(), periodic = false): void {
  const loginToken = storage.loginToken.get()
  const bindToken = storage.emailBindToken.get()
  const bindUsable = isJwtUsable(bindToken, now)
  if (bindToken && !bindUsable) storage.emailBindToken.remove()
  if (loginToken && !isJwtUsable(loginToken, now)) {
    const wasLoggedIn = (currentUser ?? storage.user.get()) !== null
    storage.loginToken.remove()
    logout()
    if (periodic && wasLoggedIn) setLoginExpired(true)
    return
  }
  if (!loginToken && !bindUsable && (currentUser ?? storage.user.get())) logout()
}
