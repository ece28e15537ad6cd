import { queryOptions } from '@tanstack/react-query'
import { apiClient, requestTimeout } from '../api-client'
import { CONFIG_TIMEOUT_MS } from '../constants'
import { remoteConfigSchema, type RemoteConfig } from './remote-config-schema'

export const CONFIG_PATH = '/api/config'
const configQueryKey = ['config'] as const

/** GET /api/config; rejects (ApiError) when the call fails, times out or answers a non-object. */
export function fetchRemoteConfig(): Promise<RemoteConfig> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(requestTimeout()), CONFIG_TIMEOUT_MS)
  return apiClient
    .get(CONFIG_PATH, { token: 'none', schema: remoteConfigSchema, signal: controller.signal })
    .finally(() => clearTimeout(timer))
}

/** The configuration's query: fetched once per visit, never retried or refetched. */
export const configQueryOptions = queryOptions({
  queryKey: configQueryKey,
  queryFn: fetchRemoteConfig,
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
})
