// Typed translation keys: t() only accepts keys that exist in the zh resources.
import type { AppResources } from '@/locales/resources'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: AppResources
  }
}
