import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Keeps the browser tab's title (document.title) in the UI language: the site title of spec 000
 * §2.3 (common:appName), one language at a time, updated when the language changes. index.html
 * carries the default (Chinese) title until the app runs.
 */
export function DocumentTitle() {
  const { t } = useTranslation('common')
  const title = t('appName')
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}
