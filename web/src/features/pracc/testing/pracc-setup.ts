// Sets the practice page up for a logged-in user (or a visitor) behind the fake scrim backend. The
// test renders it with renderApp('/pracc', { config }) (src/testing stays out of the app's types).
import i18next from 'i18next'
import type { RemoteConfig } from '@/lib/config/remote-config-schema'
import { storeSession } from '@/testing/auth-fixtures'
import { configWith } from '@/testing/fixtures'
import { serveScrim, type ScrimBackend } from './pracc-fixtures'

export interface PraccSetupOptions {
  answers?: Partial<ScrimBackend['answers']>
  /** The payment methods the configuration offers. */
  methods?: string[]
  visitor?: boolean
  language?: 'zh' | 'en'
}

export async function setupPracc({
  answers,
  methods = ['alipay', 'wechat', 'paypal'],
  visitor = false,
  language,
}: PraccSetupOptions = {}): Promise<{ backend: ScrimBackend; config: RemoteConfig }> {
  if (language) await i18next.changeLanguage(language)
  if (!visitor) storeSession()
  const backend = serveScrim(answers)
  return { backend, config: configWith({ payments: { methods, sandboxScanUrl: '' } }) }
}
