// Every page loads as its own chunk when its route opens, together with its strings: a visit
// downloads the shell and the page it shows, nothing of the others (issue 17's first-load budget,
// scripts/size-budget.mjs).
import { lazy, Suspense, useState, type ComponentType } from 'react'
import { loadNamespace, loadNamespaces } from '@/lib/i18n'
import type { Namespace } from '@/locales/resources'
import { RouteFallback } from './route-fallback'

/**
 * A lazily loaded page behind the route fallback; its code and its namespaces load in parallel, when
 * it first renders or earlier through `preload` (see preloadPage).
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, namespaces: readonly Namespace[]) {
  let loading: Promise<ComponentType<P>> | null = null
  let loaded: ComponentType<P> | null = null
  const preload = () => {
    loading ??= Promise.all([load(), loadNamespaces(namespaces)]).then(([component]) => (loaded = component))
    return loading
  }
  const Page = lazy(async () => ({ default: await preload() }))
  function LazyPage(props: P) {
    // A page whose code is already in renders at once: React.lazy suspends on its first render even
    // then, and the fallback's commit and layout, then the page's, cost a phone's first load a frame
    // (issue 17). Chosen once per mount, so the page is never swapped for another component type.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Page)
    return (
      <Suspense fallback={<RouteFallback />}>
        <Component {...props} />
      </Suspense>
    )
  }
  return Object.assign(LazyPage, { preload })
}

export const ServersPage = lazyPage(
  async () => (await import('@/features/servers/components/servers-page')).ServersPage,
  ['servers'],
)
export const ServersArea = lazyPage(
  async () => (await import('@/features/servers/components/servers-area')).ServersArea,
  ['servers'],
)
// The payments strings come with the VIP checkout, when its dialog first opens (pay-dialog).
export const VipPage = lazyPage(async () => (await import('@/features/vip/components/vip-page')).VipPage, ['vip'])
// The cards' and dialogs' strings (pracc-servers) and the payments strings come with them, when
// someone logs in or a dialog first opens (pracc's lazy-dialogs).
export const PraccRoute = lazyPage(async () => (await import('./pracc-route')).PraccRoute, ['pracc', 'commands'])
export const LeaderboardPage = lazyPage(
  async () => (await import('@/features/leaderboard/components/leaderboard-page')).LeaderboardPage,
  ['leaderboard'],
)
export const FaqPage = lazyPage(async () => (await import('@/features/faq/components/faq-page')).FaqPage, ['faq'])
export const SettingsArea = lazyPage(
  async () => (await import('@/features/settings/components/settings-area')).SettingsArea,
  ['settings'],
)
export const InventoryPage = lazyPage(
  async () => (await import('@/features/inventory/components/inventory-page')).InventoryPage,
  ['inventory'],
)

// Pages most visits never see: the account pages and the account's orders.
export const ResetPasswordRoute = lazyPage(
  async () => (await import('@/features/auth/components/reset-password-page')).ResetPasswordPage,
  ['auth'],
)
export const SteamCallbackRoute = lazyPage(
  async () => (await import('@/features/auth/components/steam-callback-page')).SteamCallbackPage,
  ['auth'],
)
export const SteamBindCallbackRoute = lazyPage(
  async () => (await import('@/features/auth/components/steam-bind-callback-page')).SteamBindCallbackPage,
  ['auth'],
)
export const OrdersRoute = lazyPage(
  async () => (await import('@/features/payments/components/orders-page')).OrdersPage,
  ['payments'],
)

/**
 * Starts loading the page a first visit to `pathname` shows while the app is still fetching its
 * configuration (main.tsx), instead of after it: one round trip less before the page appears.
 * Resolves, never rejects, once the page's code and strings are in.
 */
export function preloadPage(pathname: string): Promise<void> {
  const pages: Record<string, { preload: () => Promise<unknown> }> = {
    '': ServersPage,
    servers: ServersArea,
    vip: VipPage,
    pracc: PraccRoute,
    leaderboard: LeaderboardPage,
    faq: FaqPage,
    settings: SettingsArea,
    inventory: InventoryPage,
    orders: OrdersRoute,
  }
  const [, section = '', subpage = ''] = pathname.split('/')
  const page = pages[section]
  // A failed preload is the page's own failure when it renders (React.lazy reports it there).
  const ready = page ? page.preload().then(() => {}, () => {}) : Promise.resolve()
  // The server details and rules pages are lazy inside /servers' chunk: a visit that opens one starts
  // its chunk and strings now too, instead of after the area's chunk has arrived and rendered.
  if (section === 'servers' && (subpage === 'details' || subpage === 'rules')) {
    const chunk =
      subpage === 'details'
        ? import('@/features/servers/components/server-details-page')
        : import('@/features/servers/components/server-rules-page')
    chunk.catch(() => {})
    loadNamespace('servers-extra').catch(() => {})
  }
  return ready
}
