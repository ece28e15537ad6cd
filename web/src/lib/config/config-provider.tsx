import { useQuery } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { resolveConfig } from './app-config'
import { ConfigContext } from './config-context'
import { configQueryOptions } from './fetch-remote-config'

interface ConfigProviderProps {
  children: ReactNode
  /** Shown until the remote configuration has answered or failed. */
  fallback: ReactNode
}

/**
 * Loads the remote configuration once. Routing decisions wait for it, so a feature that is only
 * enabled remotely is never redirected away on first load; a failure falls back to the defaults.
 */
export function ConfigProvider({ children, fallback }: ConfigProviderProps) {
  const query = useQuery(configQueryOptions)
  const config = useMemo(() => resolveConfig(query.data), [query.data])
  if (query.isPending) return fallback
  return <ConfigContext value={config}>{children}</ConfigContext>
}
