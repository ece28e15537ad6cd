// What the two Steam return pages do with their query string (spec 000 §2.6, §8; spec 001 §4).
import { logAuthAction, startSession, type AuthLogAction } from '@/lib/session'
import { storage } from '@/lib/storage'
import { fetchUserInfo } from '../api/auth-api'
import { bindCallbackErrorKey, userInfoFailureKey, type AuthErrorKey, type AuthMessage } from './auth-errors'
import { consumeOpenidState } from './steam-openid'

export type CallbackOutcome =
  | { ok: true }
  /** `banner` goes to / as the error banner; `toast`, when given, explains the cause. */
  | { ok: false; banner: AuthErrorKey; toast?: { title: AuthMessage; description?: AuthMessage } }

const failed = (banner: AuthErrorKey, toast?: { title: AuthMessage; description?: AuthMessage }): CallbackOutcome =>
  toast ? { ok: false, banner, toast } : { ok: false, banner }

/** Saves the login token, loads the user with it and stores the session; logs `action`. */
async function establishSession(token: string, action: AuthLogAction, failure: AuthErrorKey): Promise<CallbackOutcome> {
  storage.loginToken.set(token)
  try {
    const user = await fetchUserInfo()
    startSession({ user, token })
    await logAuthAction(action, user.steamId)
    return { ok: true }
  } catch (error) {
    storage.loginToken.remove()
    return failed(failure, { title: { key: 'steamApiError' }, description: userInfoFailureKey(error) })
  }
}

/** /auth/steam/callback?token=…&state=… or ?error=…&state=… */
export async function finishSteamLogin(params: URLSearchParams): Promise<CallbackOutcome> {
  if (!consumeOpenidState(params.get('state'))) return failed('loginFailed')
  const error = params.get('error')
  if (error !== null) {
    if (error === 'steam_api_error') return failed('loginFailed', { title: { key: 'steamApiError' } })
    if (error === 'rate_limited') return failed('loginFailed', { title: { error: { code: 'RATE_LIMIT_EXCEEDED' } } })
    return failed('loginFailed')
  }
  const token = params.get('token')
  if (!token) return failed('tokenNotFound')
  return establishSession(token, 'LOGIN-STEAM', 'loginFailed')
}

/** /auth/steam/bind/callback?token=…&state=… or ?error=…&state=… */
export async function finishSteamBind(params: URLSearchParams): Promise<CallbackOutcome> {
  if (!consumeOpenidState(params.get('state'))) return failed('bindingFailed')
  const error = params.get('error')
  if (error !== null) return failed(bindCallbackErrorKey(error))
  const token = params.get('token')
  if (!token) return failed('unauthorized')
  // startSession also ends the binding: the bind token and the e-mail being bound are removed.
  return establishSession(token, 'LOGIN-EMAIL', 'bindingFailed')
}
