import { apiClient, requestTimeout } from '../api-client'
import { CONFIG_TIMEOUT_MS } from '../constants'
import { remoteConfigSchema, type RemoteConfig } from './remote-config-schema'

export const CONFIG_PATH = '/api/config'
export const configQueryKey = ['config'] as const

/** GET /api/config; rejects (ApiError) when the call fails, times out or answers a non-object. */
export function fetchRemoteConfig(): Promise<RemoteConfig> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(requestTimeout()), CONFIG_TIMEOUT_MS)
  return apiClient
    .get(CONFIG_PATH, { token: 'none', schema: remoteConfigSchema, signal: controller.signal })
    .finally(() => clearTimeout(timer))
}
