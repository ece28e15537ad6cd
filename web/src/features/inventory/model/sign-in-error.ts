// The text of a failed inventory sign-in (spec 001 §8): what the server said (its error code,
// translated where we can, else its message), else the generic login error.
import i18next from 'i18next'
import { CLIENT_ERROR_CODES, isApiError } from '@/lib/api-error'
import { errorText } from '@/lib/error-text'

/** The sign-in cannot start: no inventory site is configured. */
export const NOT_CONFIGURED = 'INVENTORY_NOT_CONFIGURED'
/** The sign-in cannot start: the account has no Steam id (the server's code for the same case). */
export const STEAM_NOT_BOUND = 'STEAM_NOT_BOUND'

const CLIENT_CODES = new Set<string>(Object.values(CLIENT_ERROR_CODES))

/** Whether the failure carries the server's own error body (not a network failure or a bare status). */
function fromServer(error: unknown): error is { code: string; message: string } {
  return isApiError(error) && error.status > 0 && !CLIENT_CODES.has(error.code) && !error.code.startsWith('HTTP_')
}

export function signInErrorText(error: unknown): string {
  if (error === NOT_CONFIGURED) return i18next.t('inventory:notConfigured')
  if (error === STEAM_NOT_BOUND) return errorText({ code: STEAM_NOT_BOUND }, 'inventory')
  if (!fromServer(error)) return i18next.t('inventory:loginError')
  return errorText(error, 'inventory')
}
