import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Dropdown } from '@/components/ui/dropdown'
import { LANGUAGES, type Language } from '@/lib/constants'
import { switchLanguage } from '@/lib/i18n'

/** en / zh; choosing the other language stores it and reloads the page. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell')
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'zh'
  return (
    <Dropdown
      label={t('header.language')}
      value={current}
      items={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      onValueChange={(lang) => lang !== current && switchLanguage(lang)}
      trigger={
        <>
          <Languages aria-hidden="true" />
          <span className="hidden sm:inline">{t(`languages.${current}`)}</span>
          <span className="sm:hidden">{current.toUpperCase()}</span>
        </>
      }
      className="px-2.5 sm:px-3"
    />
  )
}
