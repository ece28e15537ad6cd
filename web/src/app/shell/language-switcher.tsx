import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { dropdownTriggerClasses } from '@/components/ui/button-classes'
import { DeferredMenuButton } from '@/components/ui/deferred-menu-button'
import { languageDropdown } from '@/components/ui/lazy-parts'
import { DropdownChevron } from '@/components/ui/dropdown-trigger'
import { LANGUAGES, type Language } from '@/lib/constants'
import { switchLanguage } from '@/lib/i18n'


const TRIGGER_CLASSES = 'px-2.5 sm:px-3'

/**
 * en / zh; choosing the other language stores it and reloads the page. The menu's code (Radix)
 * loads on the switcher's first hover, focus or press.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell')
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'zh'
  const trigger = (
    <>
      <Languages aria-hidden="true" />
      <span className="hidden sm:inline">{t(`languages.${current}`)}</span>
      <span className="sm:hidden">{current.toUpperCase()}</span>
    </>
  )
  return (
    <DeferredMenuButton
      menu={languageDropdown}
      label={t('header.language')}
      className={dropdownTriggerClasses(TRIGGER_CLASSES)}
      menuProps={{
        label: t('header.language'),
        value: current,
        items: LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) })),
        onValueChange: (lang: Language) => lang !== current && switchLanguage(lang),
        trigger,
        className: TRIGGER_CLASSES,
      }}
    >
      {trigger}
      <DropdownChevron />
    </DeferredMenuButton>
  )
}
