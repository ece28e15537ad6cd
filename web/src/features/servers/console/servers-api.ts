// The console's community-server calls (docs/console.md "Community servers"). The RCON password and
// the plugin key never come back; only whether a key is issued and its scopes.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import type { PluginKeyScope, ServerBody } from './server-form'

const scopesField = z.catch(
  z.pipe(
    z.optional(z.nullable(z.union([z.array(z.string()), z.string()]))),
    z.transform((raw) => (Array.isArray(raw) ? raw : raw ? raw.split(',').filter(Boolean) : [])),
  ),
  [],
)

export const consoleServerSchema = z.object({
  id: z.number(),
  ip: z.string(),
  port: z.number(),
  name: z.string(),
  name_display: z.catch(z.optional(z.nullable(z.string())), undefined),
  category: z.catch(z.string(), ''),
  region: z.catch(z.string(), ''),
  ontop: z.catch(z.optional(z.nullable(z.number())), undefined),
  star: z.catch(z.optional(z.nullable(z.number())), undefined),
  enabled: z.catch(z.boolean(), true),
  has_key: z.catch(z.optional(z.nullable(z.boolean())), undefined),
  key_scopes: scopesField,
})
export type ConsoleServer = z.infer<typeof consoleServerSchema>

const serversAnswer = z.pipe(
  z.object({ items: z.array(consoleServerSchema) }),
  z.transform((raw): ConsoleServer[] => raw.items),
)

export const serverKeys = { all: ['console', 'servers'] as const }

/** Every community server (the list is short and the server answers it whole, unpaged). */
export function fetchServers(signal?: AbortSignal): Promise<ConsoleServer[]> {
  return apiClient.get('/api/console/servers', { schema: serversAnswer, signal })
}

/** The servers whose name or address contains `q` (any case). */
export function matchingServers(servers: readonly ConsoleServer[], q: string): ConsoleServer[] {
  const needle = q.trim().toLowerCase()
  if (!needle) return [...servers]
  return servers.filter((s) =>
    [s.name, s.name_display ?? '', `${s.ip}:${s.port}`].some((text) => text.toLowerCase().includes(needle)),
  )
}

/** Whether a plugin key is issued, read from whichever field the answer carries. */
export function hasPluginKey(server: ConsoleServer): boolean {
  return server.has_key ?? false
}

const base = (id: number) => `/api/console/servers/${id}`

export const serverCalls = {
  create: (body: ServerBody) => apiClient.post('/api/console/servers', body),
  update: (id: number, body: ServerBody) => apiClient.put(base(id), body),
  remove: (id: number) => apiClient.delete(base(id)),
  setEnabled: (id: number, enabled: boolean) => apiClient.post(`${base(id)}/enabled`, { enabled }),
  issueKey: (id: number, scopes: PluginKeyScope[]) =>
    apiClient.post(`${base(id)}/key`, { scopes }, { schema: z.object({ key: z.string() }) }),
  revokeKey: (id: number) => apiClient.delete(`${base(id)}/key`),
  rcon: (id: number, command: string) =>
    apiClient.post(`${base(id)}/rcon`, { command }, { schema: z.object({ output: z.catch(z.string(), '') }) }),
}
