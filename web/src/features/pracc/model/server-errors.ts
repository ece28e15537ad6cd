// How the rental's failures read (spec 001 §8). The backend answers in the shared error shape
// ({error: CODE, message, details}); some rules of the spec look at the text of the error, so both
// the code and the message are searched.
import { isApiError } from '@/lib/api-error'

function errorWords(error: unknown): string {
  if (isApiError(error)) return `${error.code} ${error.message}`.toLowerCase()
  if (error instanceof Error) return error.message.toLowerCase()
  return typeof error === 'string' ? error.toLowerCase() : ''
}

function status(error: unknown): number | null {
  return isApiError(error) ? error.status : null
}

/** The server list: a 401, or an error about the token, means the login expired; anything else is a fetch failure. */
export function listFailure(error: unknown): 'tokenExpired' | 'fetchFailed' {
  const words = errorWords(error)
  return status(error) === 401 || words.includes('token') || words.includes('unauthorized') ? 'tokenExpired' : 'fetchFailed'
}

/** Change password: Unauthorized ends the login; any other failure sends the user to an admin. */
export function passwordChangeFailure(error: unknown): 'tokenExpired' | 'contactAdmin' {
  return status(error) === 401 || errorWords(error).includes('unauthorized') ? 'tokenExpired' : 'contactAdmin'
}

/** The code the backend gives 'Switch region limit exceeded' (DESIGN.md §4: a code the client recognises). */
export const SWITCH_LIMIT_CODE = 'SWITCH_LIMIT_EXCEEDED'

export function isSwitchLimitError(error: unknown): boolean {
  const words = errorWords(error)
  return words.includes('switch region limit exceeded') || words.includes(SWITCH_LIMIT_CODE.toLowerCase())
}

/** The payment's "timeout" rule: a retry replaces the submit button. */
export function isTimeoutError(error: unknown): boolean {
  return errorWords(error).includes('timeout')
}

/** The server's own text when it sent one (not a bare HTTP status). */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.code.startsWith('HTTP_') || error.status === 0) return null
  return error.message || null
}
