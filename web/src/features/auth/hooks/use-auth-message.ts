import { useTranslation } from 'react-i18next'
import { useErrorText } from '@/lib/error-text'
import type { AuthMessage } from '../model/auth-errors'

/** Turns an AuthMessage into text in the current language. */
export function useAuthMessageText(): (message: AuthMessage) => string {
  const { t } = useTranslation('auth')
  const errorText = useErrorText('auth')
  return (message) => ('key' in message ? t(`errors.${message.key}`) : errorText(message.error))
}
