// Navigation helpers shared by the shell and the features: the kept `from` parameter and the
// error message carried in navigation state.
import { useLocation } from 'react-router'

export const FROM_PARAM = 'from'

/** '?from=<value>' when the search string carries `from`, otherwise ''. */
export function fromSearch(search: string): string {
  const from = new URLSearchParams(search).get(FROM_PARAM)
  return from === null ? '' : `?${new URLSearchParams({ [FROM_PARAM]: from }).toString()}`
}

/** The current `from` parameter as a search string, for links and redirects that keep it. */
export function useFromSearch(): string {
  return fromSearch(useLocation().search)
}

/** Error codes the shell itself raises (translated under common:errors). */
export const NAV_ERROR_CODES = {
  pageNotFound: 'PAGE_NOT_FOUND',
  featureDisabled: 'FEATURE_DISABLED',
} as const

export interface NavError {
  code: string
  /** Server text, shown when the code has no translation. */
  message?: string
}

export interface NavState {
  error?: NavError
}

export function errorState(code: string, message?: string): NavState {
  return { error: message === undefined ? { code } : { code, message } }
}

export function readNavError(state: unknown): NavError | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null
  const error = (state as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return null
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code !== 'string' || code === '') return null
  return typeof message === 'string' ? { code, message } : { code }
}
