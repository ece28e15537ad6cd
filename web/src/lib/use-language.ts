import { useTranslation } from 'react-i18next'
import type { Language } from '@/lib/constants'

/** The UI language as the number formatters take it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation()
  return i18n.language === 'en' ? 'en' : 'zh'
}
