// Navigation helpers shared by the shell and the features: the kept `from` parameter and the
// error message carried in navigation state.
import { useLocation } from 'react-router'
import type { ErrorNamespace } from './error-text'

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
  /** Where the code is translated (common when absent); see errorText. */
  namespace?: ErrorNamespace
}

export interface NavState {
  error?: NavError
}

export function errorState(code: string, message?: string, namespace?: ErrorNamespace): NavState {
  const error: NavError = { code }
  if (message !== undefined) error.message = message
  if (namespace !== undefined) error.namespace = namespace
  return { error }
}

const NAV_ERROR_NAMESPACES: readonly string[] = ['common', 'auth', 'inventory'] satisfies ErrorNamespace[]

function isErrorNamespace(value: unknown): value is ErrorNamespace {
  return typeof value === 'string' && NAV_ERROR_NAMESPACES.includes(value)
}

export function readNavError(state: unknown): NavError | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null
  const error = (state as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return null
  const { code, message, namespace } = error as { code?: unknown; message?: unknown; namespace?: unknown }
  if (typeof code !== 'string' || code === '') return null
  const read: NavError = { code }
  if (typeof message === 'string') read.message = message
  if (isErrorNamespace(namespace)) read.namespace = namespace
  return read
}
