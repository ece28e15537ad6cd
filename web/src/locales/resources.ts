// The locale files. zh is the default language and the source of the key types. Most namespaces
// are bundled; the lazy ones load with the chunks that use them (see loadNamespace in lib/i18n).
import enCommands from './en/commands.json'
import enCommon from './en/common.json'
import enFaq from './en/faq.json'
import enInventory from './en/inventory.json'
import enLeaderboard from './en/leaderboard.json'
import enPayments from './en/payments.json'
import enPracc from './en/pracc.json'
import enServers from './en/servers.json'
import enSettings from './en/settings.json'
import enShell from './en/shell.json'
import enVip from './en/vip.json'
import type zhAuth from './zh/auth.json'
import type zhConsole from './zh/console.json'
import type zhConsoleOps from './zh/console-ops.json'
import zhCommands from './zh/commands.json'
import zhCommon from './zh/common.json'
import zhFaq from './zh/faq.json'
import zhInventory from './zh/inventory.json'
import zhLeaderboard from './zh/leaderboard.json'
import zhPayments from './zh/payments.json'
import zhPracc from './zh/pracc.json'
import zhServers from './zh/servers.json'
import zhSettings from './zh/settings.json'
import zhShell from './zh/shell.json'
import zhVip from './zh/vip.json'

export const zhResources = {
  common: zhCommon,
  shell: zhShell,
  servers: zhServers,
  vip: zhVip,
  pracc: zhPracc,
  commands: zhCommands,
  leaderboard: zhLeaderboard,
  faq: zhFaq,
  inventory: zhInventory,
  settings: zhSettings,
  payments: zhPayments,
}

export const enResources: Record<keyof typeof zhResources, object> = {
  common: enCommon,
  shell: enShell,
  servers: enServers,
  vip: enVip,
  pracc: enPracc,
  commands: enCommands,
  leaderboard: enLeaderboard,
  faq: enFaq,
  inventory: enInventory,
  settings: enSettings,
  payments: enPayments,
}

export const resources: Record<'zh' | 'en', Record<string, object>> = { zh: zhResources, en: enResources }
export const namespaces = Object.keys(zhResources) as (keyof typeof zhResources)[]

/** Namespaces that are not bundled: the account dialog and pages load theirs when they load. */
export const lazyResources = {
  auth: {
    zh: () => import('./zh/auth.json'),
    en: () => import('./en/auth.json'),
  },
  // The operator console's shell (app/console), its kit (components/console, lib/console) and its own screens: loaded with /console only.
  console: {
    zh: () => import('./zh/console.json'),
    en: () => import('./en/console.json'),
  },
  // The console's screens of orders, prices, rentals, regions, servers, privileges and seasons.
  'console-ops': {
    zh: () => import('./zh/console-ops.json'),
    en: () => import('./en/console-ops.json'),
  },
} satisfies Record<string, Record<'zh' | 'en', () => Promise<{ default: object }>>>

export type LazyNamespace = keyof typeof lazyResources

/** Every namespace, bundled or lazy, for the translation key types. */
export type AppResources = typeof zhResources & {
  auth: typeof zhAuth
  console: typeof zhConsole
  'console-ops': typeof zhConsoleOps
}
