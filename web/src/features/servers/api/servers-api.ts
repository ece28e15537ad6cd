// The server calls, all through the one API client.
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import { SERVER_LIST_REFRESH_MS } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { refetchUnlessJustFetched } from '@/lib/query-client'
import { toServerItem, type ServerItem } from '../model/server-model'
import {
  serverDetailsSchema,
  serverInfoSchema,
  serverListSchema,
  type HistoryPoint,
  type ServerInfo,
} from './server-schemas'

export interface ServerQuery {
  modes: readonly string[]
  maps: readonly string[]
  regions: readonly string[]
}

const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined)

/** GET /api/servers, optionally narrowed server-side by modes, maps and regions. */
export async function fetchServers(query?: ServerQuery, signal?: AbortSignal): Promise<ServerItem[]> {
  const items = await apiClient.get('/api/servers', {
    query: query && { modes: list(query.modes), maps: list(query.maps), regions: list(query.regions) },
    schema: serverListSchema,
    token: 'none',
    signal,
  })
  return items.map(toServerItem)
}

export function fetchServerInfo(ip: string, port: number, signal?: AbortSignal): Promise<ServerInfo> {
  return apiClient.get('/api/server/info', { query: { ip, port }, schema: serverInfoSchema, token: 'none', signal })
}

export interface ServerDetails {
  server: ServerItem
  /** The portal's A2S round trip to the server in ms; null when unknown. */
  ping: number | null
  tickrate: number | null
  history: HistoryPoint[]
}

/** GET /api/servers/{ip}:{port} (the id URL-encoded). */
export async function fetchServerDetails(id: string, signal?: AbortSignal): Promise<ServerDetails> {
  const data = await apiClient.get(`/api/servers/${encodeURIComponent(id)}`, {
    schema: serverDetailsSchema,
    token: 'none',
    signal,
  })
  const { ping, tickrate, ...item } = data.server
  return { server: toServerItem(item), ping: ping ?? null, tickrate: tickrate ?? null, history: data.history }
}

export const serverKeys = {
  all: ['servers'] as const,
  list: (query: ServerQuery) => ['servers', 'list', query] as const,
  full: ['servers', 'full'] as const,
  info: (id: string) => ['servers', 'info', id] as const,
  infoAll: ['servers', 'info'] as const,
  details: (id: string) => ['servers', 'details', id] as const,
}

/**
 * The full, unfiltered list: fetched at load (by the page, or earlier by the entry for a first visit,
 * app/routing/first-data.ts) and re-fetched every 30 s. A mount just after an answer does not ask again.
 */
export function fullServerListOptions() {
  return queryOptions({
    queryKey: serverKeys.full,
    queryFn: ({ signal }) => logged('Failed to fetch all servers', fetchServers(undefined, signal)),
    refetchInterval: SERVER_LIST_REFRESH_MS,
    staleTime: 0,
    refetchOnMount: refetchUnlessJustFetched,
  })
}
