// Pages most visits never see (the account pages) load as separate chunks, with their strings.
import { lazy, Suspense, type ComponentType } from 'react'
import { loadNamespace } from '@/lib/i18n'
import { RouteFallback } from './route-fallback'

function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => {
    const [component] = await Promise.all([load(), loadNamespace('auth')])
    return { default: component }
  })
  return function LazyPage() {
    return (
      <Suspense fallback={<RouteFallback />}>
        <Page />
      </Suspense>
    )
  }
}

export const ResetPasswordRoute = lazyPage(async () =>
  (await import('@/features/auth/components/reset-password-page')).ResetPasswordPage,
)
export const SteamCallbackRoute = lazyPage(async () =>
  (await import('@/features/auth/components/steam-callback-page')).SteamCallbackPage,
)
export const SteamBindCallbackRoute = lazyPage(async () =>
  (await import('@/features/auth/components/steam-bind-callback-page')).SteamBindCallbackPage,
)

// The account's orders: a page most visits never see (its strings are bundled: the VIP checkout uses them).
export const OrdersRoute = withFallback(
  lazy(async () => ({ default: (await import('@/features/payments/components/orders-page')).OrdersPage })),
)

function withFallback<P extends object>(Page: ComponentType<P>) {
  return function LazyRoute(props: P) {
    return (
      <Suspense fallback={<RouteFallback />}>
        <Page {...props} />
      </Suspense>
    )
  }
}
