// i18next set-up: zh by default, en second; the choice is stored and applied by a page reload.
// Strings load per language and namespace (locales/resources): zh's shell strings are bundled, the
// rest arrive with the screens that use them. A component whose namespace has not arrived suspends
// (react-i18next) while the backend below fetches it; route loaders fetch theirs up front.
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { bundledResources, localeLoaders, namespaces, type Namespace } from '@/locales/resources'
import { browser } from './browser'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants'
import { storage } from './storage'

export function storedLanguage(): Language {
  return storage.language.get() ?? DEFAULT_LANGUAGE
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

function isNamespace(value: string): value is Namespace {
  return (namespaces as readonly string[]).includes(value)
}

/** Reads a namespace's strings through its chunk (localeLoaders). */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`no strings for ${language}/${namespace}`), false)
      return
    }
    localeLoaders[namespace][language]().then(
      (bundle) => callback(null, bundle.default as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/**
 * Initialises the shared i18next instance synchronously with the bundled strings; in another
 * language than zh, await loadNamespaces(['common', 'shell']) before the first render.
 */
export function initI18n(language: Language = storedLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        // A copy: i18next's store adds to the object it is given.
        resources: structuredClone(bundledResources),
        partialBundledLanguages: true,
        lng: language,
        // zh and en hold the same keys (locales.test.ts): no screen needs the other language's strings.
        fallbackLng: false,
        supportedLngs: ['zh', 'en'],
        ns: ['common', 'shell'],
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

/**
 * Adds namespaces' strings for the current language (or the given ones) unless they are there
 * already. Lazy chunks await this with their own import, so strings and code arrive together.
 */
export async function loadNamespaces(
  wantedNamespaces: readonly Namespace[],
  languages: readonly string[] = [i18next.language],
): Promise<void> {
  const wanted = [...new Set(languages)].filter(isLanguage)
  await Promise.all(
    wanted.flatMap((language) =>
      wantedNamespaces.map(async (ns) => {
        if (i18next.hasResourceBundle(language, ns)) return
        const bundle = await localeLoaders[ns][language]()
        i18next.addResourceBundle(language, ns, bundle.default, true, true)
      }),
    ),
  )
}

/** One namespace: see loadNamespaces. */
export function loadNamespace(ns: Namespace, languages?: readonly string[]): Promise<void> {
  return loadNamespaces([ns], languages)
}
