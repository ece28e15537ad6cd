import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useRoutes } from 'react-router'
import { AppProviders } from './providers'
import { appRoutes } from './routes'

/**
 * The route table in declarative mode (`useRoutes` inside a BrowserRouter or MemoryRouter): the app
 * uses no loaders or actions, and the data router's code would cost every page about 18 KB gzipped.
 */
export function AppRoutes() {
  return useRoutes(appRoutes)
}

/** The providers around a router that renders AppRoutes. */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>
}
