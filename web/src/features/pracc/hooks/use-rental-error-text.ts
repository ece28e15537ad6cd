import { useTranslation } from 'react-i18next'
import { isApiError } from '@/lib/api-error'
import { errorText } from '@/lib/error-text'

/**
 * The rental's own words for a refusal of the backend, or null when it has none: a VALIDATION_FAILED
 * names the spec's message key in details.key (nameInvalid, passwordLengthError, ...), and the
 * rental's codes (TOO_MANY_SERVERS, REGION_UNAVAILABLE, SERVER_BUSY_STATE, ...) have texts in
 * pracc-servers:errors. Shared views (the payment view) would otherwise show the backend's English
 * message.
 */
export function useRentalErrorText(): (error: unknown) => string | null {
  const { t, i18n } = useTranslation('pracc-servers')
  return (error) => {
    if (!isApiError(error)) return null
    const key = error.details.key
    if (error.code === 'VALIDATION_FAILED' && typeof key === 'string' && i18n.exists(`pracc-servers:validation.${key}`)) {
      return t(`validation.${key}` as 'validation.nameInvalid')
    }
    return i18n.exists(`pracc-servers:errors.${error.code}`) ? errorText(error, 'pracc-servers') : null
  }
}
