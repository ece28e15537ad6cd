// Every page loads as its own chunk when its route opens, together with its strings: a visit
// downloads the shell and the page it shows, nothing of the others (issue 17's first-load budget,
// scripts/size-budget.mjs).
import { lazy, Suspense, type ComponentType } from 'react'
import { loadNamespaces } from '@/lib/i18n'
import type { Namespace } from '@/locales/resources'
import { RouteFallback } from './route-fallback'

/** A lazily loaded page behind the route fallback; its code and its namespaces load in parallel. */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, namespaces: readonly Namespace[]) {
  const Page = lazy(async () => {
    const [component] = await Promise.all([load(), loadNamespaces(namespaces)])
    return { default: component }
  })
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<RouteFallback />}>
        <Page {...props} />
      </Suspense>
    )
  }
}

export const ServersPage = lazyPage(
  async () => (await import('@/features/servers/components/servers-page')).ServersPage,
  ['servers'],
)
export const ServersArea = lazyPage(
  async () => (await import('@/features/servers/components/servers-area')).ServersArea,
  ['servers'],
)
export const VipPage = lazyPage(async () => (await import('@/features/vip/components/vip-page')).VipPage, [
  'vip',
  'payments',
])
export const PraccRoute = lazyPage(async () => (await import('./pracc-route')).PraccRoute, [
  'pracc',
  'payments',
  'commands',
])
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
