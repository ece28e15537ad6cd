// i18next set-up: zh by default, en second; the choice is stored and applied by a page reload.
import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { lazyResources, namespaces, resources, type LazyNamespace } from '@/locales/resources'
import { browser } from './browser'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants'
import { storage } from './storage'

export function storedLanguage(): Language {
  return storage.language.get() ?? DEFAULT_LANGUAGE
}

/** Initialises the shared i18next instance (synchronously: resources are bundled). */
export function initI18n(language: Language = storedLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['zh', 'en'],
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    })
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language)
  }
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
  return i18next
}

/** Stores the preferred language and reloads the page so every screen starts in it. */
export function switchLanguage(language: Language): void {
  storage.language.set(language)
  browser.reload()
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

/**
 * Adds a lazy namespace's strings for the current language (and the zh fallback) unless they are
 * there already. Chunks that use such a namespace await this before they render.
 */
export async function loadNamespace(
  ns: LazyNamespace,
  languages: readonly string[] = [i18next.language, DEFAULT_LANGUAGE],
): Promise<void> {
  const wanted = [...new Set(languages)].filter(isLanguage)
  await Promise.all(
    wanted.map(async (language) => {
      if (i18next.hasResourceBundle(language, ns)) return
      const bundle = await lazyResources[ns][language]()
      i18next.addResourceBundle(language, ns, bundle.default, true, true)
    }),
  )
}
