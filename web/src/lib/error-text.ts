// UI text for an error code: the first translation found under `<namespace>:errors.<code>`,
// falling back to the server's English message.
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { isApiError } from './api-error'

export interface ErrorLike {
  code: string
  message?: string
}

/** Namespaces whose `errors` object translates error codes; common first. */
const ERROR_NAMESPACES = ['common', 'auth'] as const

/** Whether some namespace has a translation for the code. */
export function hasErrorTranslation(code: string): boolean {
  return ERROR_NAMESPACES.some((ns) => i18next.exists(`${ns}:errors.${code}`))
}

export function errorText(error: ErrorLike): string {
  for (const ns of ERROR_NAMESPACES) {
    const key = `${ns}:errors.${error.code}`
    if (i18next.exists(key)) return i18next.t(key as 'common:errors.unknown')
  }
  return error.message || i18next.t('common:errors.unknown')
}

export function toErrorLike(error: unknown): ErrorLike {
  if (isApiError(error)) return { code: error.code, message: error.message }
  return { code: 'unknown', message: error instanceof Error ? error.message : undefined }
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string'
}

/** Hook form: components using it re-render when the language changes. */
export function useErrorText(): (error: unknown) => string {
  useTranslation([...ERROR_NAMESPACES])
  return (error) => errorText(isErrorLike(error) ? error : toErrorLike(error))
}
