// The locale files: one JSON per language and namespace, each its own chunk loaded when a screen
// that uses it loads (loadNamespaces in lib/i18n), so a visit downloads one language's strings for
// the screens it shows. Only the default language's (zh) shell strings are bundled: the first paint
// needs them and they are the fallback language's. zh is the source of the key types.
import type zhAuth from './zh/auth.json'
import type zhCommands from './zh/commands.json'
import zhCommon from './zh/common.json'
import type zhConsole from './zh/console.json'
import type zhConsoleOps from './zh/console-ops.json'
import type zhFaq from './zh/faq.json'
import type zhInventory from './zh/inventory.json'
import type zhLeaderboard from './zh/leaderboard.json'
import type zhPayments from './zh/payments.json'
import type zhPracc from './zh/pracc.json'
import type zhPraccServers from './zh/pracc-servers.json'
import type zhServers from './zh/servers.json'
import type zhServersExtra from './zh/servers-extra.json'
import type zhSettings from './zh/settings.json'
import zhShell from './zh/shell.json'
import type zhVip from './zh/vip.json'

/** Every namespace, for the translation key types. */
export interface AppResources {
  common: typeof zhCommon
  shell: typeof zhShell
  servers: typeof zhServers
  'servers-extra': typeof zhServersExtra
  vip: typeof zhVip
  pracc: typeof zhPracc
  'pracc-servers': typeof zhPraccServers
  commands: typeof zhCommands
  leaderboard: typeof zhLeaderboard
  faq: typeof zhFaq
  inventory: typeof zhInventory
  settings: typeof zhSettings
  payments: typeof zhPayments
  auth: typeof zhAuth
  console: typeof zhConsole
  'console-ops': typeof zhConsoleOps
}

export type Namespace = keyof AppResources
type Loader = () => Promise<{ default: object }>

/** The strings in the entry chunk: zh's shell and common namespaces. */
export const bundledResources = { zh: { common: zhCommon, shell: zhShell } }

/** How each namespace's strings load, per language. */
export const localeLoaders: Record<Namespace, Record<'zh' | 'en', Loader>> = {
  common: { zh: async () => ({ default: zhCommon }), en: () => import('./en/common.json') },
  shell: { zh: async () => ({ default: zhShell }), en: () => import('./en/shell.json') },
  // The server list's first paint: toolbar, filters, table, rows (and the mode and region names).
  servers: { zh: () => import('./zh/servers.json'), en: () => import('./en/servers.json') },
  // What the list does not show until asked: the player popup, quick join, the details and rules pages.
  'servers-extra': { zh: () => import('./zh/servers-extra.json'), en: () => import('./en/servers-extra.json') },
  vip: { zh: () => import('./zh/vip.json'), en: () => import('./en/vip.json') },
  // The practice-server page's first paint: the top area, "My servers" and the visitor's stand-in.
  pracc: { zh: () => import('./zh/pracc.json'), en: () => import('./en/pracc.json') },
  // The account's rented servers: their cards and actions, the dialogs, buying one, the region names
  // and the rental's errors (with the cards or a dialog, and in the console).
  'pracc-servers': { zh: () => import('./zh/pracc-servers.json'), en: () => import('./en/pracc-servers.json') },
  commands: { zh: () => import('./zh/commands.json'), en: () => import('./en/commands.json') },
  leaderboard: { zh: () => import('./zh/leaderboard.json'), en: () => import('./en/leaderboard.json') },
  faq: { zh: () => import('./zh/faq.json'), en: () => import('./en/faq.json') },
  inventory: { zh: () => import('./zh/inventory.json'), en: () => import('./en/inventory.json') },
  settings: { zh: () => import('./zh/settings.json'), en: () => import('./en/settings.json') },
  payments: { zh: () => import('./zh/payments.json'), en: () => import('./en/payments.json') },
  auth: { zh: () => import('./zh/auth.json'), en: () => import('./en/auth.json') },
  // The operator console's shell (app/console), its kit (components/console, lib/console) and its own screens: loaded with /console only.
  console: { zh: () => import('./zh/console.json'), en: () => import('./en/console.json') },
  // The console's screens of orders, prices, rentals, regions, servers, privileges and seasons.
  'console-ops': { zh: () => import('./zh/console-ops.json'), en: () => import('./en/console-ops.json') },
}

export const namespaces = Object.keys(localeLoaders) as Namespace[]
