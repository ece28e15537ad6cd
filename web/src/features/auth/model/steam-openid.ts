// The Steam OpenID 2.0 sign-in redirect (checkid_setup with identifier_select), for login and for
// binding an e-mail account. A random state rides along on the return URL and is kept in this tab's
// sessionStorage, so a callback that was not started here can be told apart.
import type { AppConfig } from '@/lib/config/app-config'
import { sessionStore } from '@/lib/storage'

type SteamConfig = NonNullable<AppConfig['steam']>

const OPENID_NS = 'http://specs.openid.net/auth/2.0'
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select'

/** 32 random hex characters (128 bits). */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

export type SteamRedirect = { purpose: 'login' } | { purpose: 'bind'; bindToken: string }

/** Builds the provider URL and remembers its state; the caller sends the browser there. */
export function steamRedirectUrl(steam: SteamConfig, redirect: SteamRedirect, state: string = randomState()): string {
  const returnTo =
    redirect.purpose === 'login'
      ? withParams(steam.returnUrl, { state })
      : withParams(steam.bindReturnUrl, { email_bind_token: redirect.bindToken, state })
  sessionStore.openidState.set(state)
  return withParams(steam.openidEndpoint, {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': steam.realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  })
}

/**
 * Checks a callback's state against the one this tab stored, and forgets the stored one. A callback
 * without a state passes (the backend echoes it whenever it was sent).
 */
export function consumeOpenidState(returned: string | null): boolean {
  const stored = sessionStore.openidState.get()
  sessionStore.openidState.remove()
  return returned === null || returned === stored
}
