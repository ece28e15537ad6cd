import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter } from 'react-router'
import { expect } from 'vitest'
import { App } from '@/app/app'
import { appRoutes } from '@/app/routes'
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
}

/** Renders the whole app at `path` with a memory router, behind the fake backend. */
export async function renderApp(path = '/', { config = demoConfig(), width = 1280 }: RenderAppOptions = {}) {
  setViewportWidth(width)
  server.use(
    http.get('/api/config', () =>
      config === 'error'
        ? HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'boom', details: {} }, { status: 500 })
        : HttpResponse.json(config),
    ),
  )
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] })
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  const user = userEvent.setup()
  const view = render(<App router={router} queryClient={queryClient} />)
  // The shell renders once the configuration request has settled.
  await waitFor(() => expect(screen.queryByTestId('config-splash')).not.toBeInTheDocument())
  return { ...view, router, user, location: () => router.state.location }
}
