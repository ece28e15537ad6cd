// The one way the web turns a failed call into text. The backend's errors share one shape,
// {"error": CODE, "message": text, "details": {...}} (ApiError in api-client): the text is the
// feature's own translation of the code (`<namespace>:errors.<CODE>`), else the shared one
// (`common:errors.<CODE>`), else the server's message, else a generic text.
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import type { AppResources } from '@/locales/resources'
import { isApiError } from './api-error'

export interface ErrorLike {
  code: string
  /** The server's text, shown when the code has no translation. */
  message?: string
}

/** Namespaces that translate error codes in an `errors` object. */
export type ErrorNamespace = {
  [Ns in keyof AppResources]: AppResources[Ns] extends { errors: object } ? Ns : never
}[keyof AppResources]

const COMMON: ErrorNamespace = 'common'

/** Reads an ApiError, an ErrorLike ({code, message}) or anything thrown. */
export function toErrorLike(error: unknown): ErrorLike {
  if (isApiError(error)) return { code: error.code, message: error.message }
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const { code, message } = error as { code: string; message?: unknown }
    return typeof message === 'string' ? { code, message } : { code }
  }
  return { code: 'unknown', message: error instanceof Error ? error.message : undefined }
}

function translationKey(code: string, namespace: ErrorNamespace): string | null {
  for (const ns of namespace === COMMON ? [COMMON] : [namespace, COMMON]) {
    const key = `${ns}:errors.${code}`
    if (i18next.exists(key)) return key
  }
  return null
}

/** Whether the feature's namespace or common translates the code. */
export function hasErrorTranslation(code: string, namespace: ErrorNamespace = COMMON): boolean {
  return translationKey(code, namespace) !== null
}

/**
 * Whether the error carries a message meant for people: HTTP_<status> means the answer had no
 * error body, and its message is only the status text.
 */
export function hasServerMessage(error: ErrorLike): boolean {
  return Boolean(error.message) && !error.code.startsWith('HTTP_')
}

/** The text for `error` in the current language, looked up in `namespace`, then common. */
export function errorText(error: unknown, namespace: ErrorNamespace = COMMON): string {
  const like = toErrorLike(error)
  const key = translationKey(like.code, namespace)
  if (key) return i18next.t(key as 'common:errors.unknown')
  if (hasServerMessage(like)) return like.message ?? ''
  return i18next.t('common:errors.unknown')
}

/** Hook form: the component re-renders when the language changes. */
export function useErrorText(namespace: ErrorNamespace = COMMON): (error: unknown) => string {
  useTranslation(namespace === COMMON ? [COMMON] : [namespace, COMMON])
  return (error) => errorText(error, namespace)
}
