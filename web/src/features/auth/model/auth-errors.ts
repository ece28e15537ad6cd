// Which message each account flow shows for a failure (spec 000 §8). The same backend code can
// read differently per flow (MAIL_FAILED: the code e-mail or the reset e-mail; UNAUTHORIZED: an
// expired login elsewhere, "Unauthorized access" while binding), so each flow has its own mapping.
import { CLIENT_ERROR_CODES, isApiError } from '@/lib/api-error'
import { hasErrorTranslation, hasServerMessage, type ErrorLike } from '@/lib/error-text'
import type zhAuth from '@/locales/zh/auth.json'

export type AuthErrorKey = keyof (typeof zhAuth)['errors']

/** A message to show: an auth:errors key, or an error resolved by errorText (translation, else server text). */
export type AuthMessage = { key: AuthErrorKey } | { error: ErrorLike }

const RATE_LIMITED = 'RATE_LIMIT_EXCEEDED'
const CONNECTION_CODES: readonly string[] = [CLIENT_ERROR_CODES.network, CLIENT_ERROR_CODES.timeout]

function codeOf(error: unknown): string | null {
  return isApiError(error) ? error.code : null
}

function keyed(key: AuthErrorKey): AuthMessage {
  return { key }
}

/** The backend's own error: its translated code, else its English text; `fallback` when it sent neither. */
function serverMessage(error: unknown, fallback: AuthErrorKey): AuthMessage {
  if (!isApiError(error)) return keyed(fallback)
  if (hasErrorTranslation(error.code, 'auth')) return { error: { code: error.code } }
  if (hasServerMessage(error)) return { error: { code: error.code, message: error.message } }
  return keyed(fallback)
}

export function emailLoginError(error: unknown): AuthMessage {
  const code = codeOf(error)
  if (code === RATE_LIMITED || (code !== null && CONNECTION_CODES.includes(code))) return { error: { code } }
  return keyed('INVALID_CREDENTIALS')
}

export function sendCodeError(error: unknown): AuthMessage {
  if (codeOf(error) === 'MAIL_FAILED') return keyed('sendCodeFailed')
  return serverMessage(error, 'sendCodeFailed')
}

export function registerError(error: unknown): AuthMessage {
  return serverMessage(error, 'registerFailed')
}

export function resetRequestError(error: unknown): AuthMessage {
  const code = codeOf(error)
  if (code === RATE_LIMITED) return { error: { code } }
  if (code === 'EMAIL_NOT_REGISTERED') return keyed('EMAIL_NOT_REGISTERED')
  return keyed('resetEmailFailed')
}

export function resetConfirmError(error: unknown): AuthMessage {
  if (isApiError(error) && (error.status === 400 || error.code === 'RESET_LINK_INVALID')) {
    return keyed('RESET_LINK_INVALID')
  }
  if (codeOf(error) === RATE_LIMITED) return { error: { code: RATE_LIMITED } }
  return keyed('resetError')
}

const BINDING_CODES: Partial<Record<string, AuthErrorKey>> = {
  INVALID_BIND_TOKEN: 'INVALID_BIND_TOKEN',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  ALREADY_BOUND: 'ALREADY_BOUND',
  STEAM_ALREADY_BOUND: 'STEAM_ALREADY_BOUND',
  STEAM_PROOF_REQUIRED: 'STEAM_PROOF_REQUIRED',
  UNAUTHORIZED: 'unauthorized',
}

export function bindingError(error: unknown): AuthMessage {
  const code = codeOf(error)
  const key = code === null ? undefined : BINDING_CODES[code]
  if (key) return keyed(key)
  if (code === RATE_LIMITED) return { error: { code } }
  return keyed('bindError')
}

/** Error codes of /auth/steam/bind/callback?error=… (set by the backend's bind callback). */
const BIND_CALLBACK_CODES: Partial<Record<string, AuthErrorKey>> = {
  invalid_authentication: 'invalidAuthentication',
  invalid_token: 'bindSessionExpired',
  user_not_found: 'USER_NOT_FOUND',
  already_bound: 'ALREADY_BOUND',
  steam_already_bound: 'STEAM_ALREADY_BOUND',
}

export function bindCallbackErrorKey(code: string): AuthErrorKey {
  return BIND_CALLBACK_CODES[code] ?? 'bindingFailed'
}

/** Why GET user-info failed, shown next to "Steam API request failed" after a Steam login. */
export function userInfoFailureKey(error: unknown): AuthMessage {
  if (!isApiError(error)) return keyed('serverError')
  if (error.code === CLIENT_ERROR_CODES.timeout) return { error: { code: error.code } }
  if (error.status === 401) return keyed('INVALID_TOKEN')
  if (error.status === 404) return keyed('playerNotFound')
  if (error.status === 400 || error.status === 422) return keyed('missingParams')
  return keyed('serverError')
}
