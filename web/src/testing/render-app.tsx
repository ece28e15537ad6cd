import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router'
import { expect } from 'vitest'
import { App, AppRoutes } from '@/app/app'
import { prefetchFirstData } from '@/app/routing/first-data'
import type { RemoteConfig } from '@/lib/config/remote-config-schema'
import { createQueryClient } from '@/lib/query-client'
import { demoConfig } from './fixtures'
import { server } from './msw-server'
import { setViewportWidth } from './viewport'

interface RenderAppOptions {
  /** What GET /api/config answers: a config, or 'error' for a 500. Defaults to the demo config. */
  config?: RemoteConfig | 'error'
  /** Viewport width in px (desktop layout from 1024). */
  width?: number
  /**
   * Starts the route's first data request as main.tsx does (app/routing/first-data): 'with-render'
   * right before rendering, 'settled' and waits for it to settle before rendering.
   */
  firstData?: 'with-render' | 'settled'
}

/** Renders the whole app at `path` with a memory router, behind the fake backend. */
export async function renderApp(path = '/', { config = demoConfig(), width = 1280, firstData }: RenderAppOptions = {}) {
  setViewportWidth(width)
  server.use(
    http.get('/api/config', () =>
      config === 'error'
        ? HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'boom', details: {} }, { status: 500 })
        : HttpResponse.json(config),
    ),
  )
  // What the router shows, as the app's own MemoryRouter reports it after each render.
  const router = { state: { location: undefined as unknown as Location, historyAction: 'POP' as NavigationType } }
  function RouterProbe() {
    router.state = { location: useLocation(), historyAction: useNavigationType() }
    return null
  }
  const queryClient = createQueryClient()
  // The app's defaults (staleTime among them: the early first-data request relies on it), without retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  if (firstData) {
    const url = new URL(path, 'http://localhost')
    const visit = { pathname: url.pathname, search: url.search, language: 'zh' as const, desktop: width >= 1024 }
    const started = prefetchFirstData(queryClient, visit)
    if (firstData === 'settled') await started
  }
  const user = userEvent.setup()
  const view = render(
    <App queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe />
      </MemoryRouter>
    </App>,
  )
  // The shell renders once the configuration request has settled.
  await waitFor(() => expect(screen.queryByTestId('config-splash')).not.toBeInTheDocument())
  // Pages are lazy chunks (app/routing/lazy-pages): wait for the route's page, not its fallback.
  await waitFor(() => expect(screen.queryByTestId('route-fallback')).not.toBeInTheDocument())
  return { ...view, router, user, queryClient, location: () => router.state.location }
}
