// The console's rental calls (docs/console.md "Rentals"). The list's row is read leniently (owner
// and instance may come flat or nested) into one shape the screen shows.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

const optionalText = z.catch(z.optional(z.nullable(z.string())), undefined)
const time = z.catch(z.optional(z.nullable(z.number())), undefined)
const owner = z.catch(
  z.optional(z.nullable(z.looseObject({ steam_id: optionalText, name: optionalText, id: z.optional(z.unknown()) }))),
  undefined,
)

const rawRentalSchema = z.looseObject({
  id: z.string(),
  name: z.catch(z.string(), ''),
  status: z.catch(z.string(), ''),
  phase: optionalText,
  region: z.catch(z.string(), ''),
  tier: optionalText,
  relocatable: z.catch(z.optional(z.nullable(z.union([z.boolean(), z.number()]))), undefined),
  expires_at: time,
  created_at: time,
  is_expired: z.catch(z.optional(z.nullable(z.boolean())), undefined),
  owner,
  owner_steam_id: optionalText,
  owner_name: optionalText,
  instance: z.catch(z.optional(z.nullable(z.union([z.string(), z.looseObject({ cloud_instance_id: optionalText, cloud_state: optionalText, public_ip: optionalText })]))), undefined),
  cloud_instance_id: optionalText,
  cloud_state: optionalText,
  maintenance: z.catch(
    z.optional(z.nullable(z.union([z.boolean(), z.looseObject({ on: z.optional(z.boolean()), text: optionalText })]))),
    undefined,
  ),
  maintenance_text: optionalText,
})

export interface ConsoleRental {
  id: string
  /** The portal's lifecycle word (creating, running, expired, failed ...): the list's status filter. */
  phase: string
  name: string
  status: string
  region: string
  premium: boolean
  expiresAt: number | null
  createdAt: number | null
  expired: boolean
  ownerSteamId: string
  ownerName: string
  instance: string
  maintenance: boolean
  maintenanceText: string
}

export const consoleRentalSchema = z.pipe(
  rawRentalSchema,
  z.transform((raw): ConsoleRental => {
    const instance = typeof raw.instance === 'string' ? raw.instance : (raw.instance?.cloud_instance_id ?? raw.cloud_instance_id ?? '')
    const maintenanceOn = typeof raw.maintenance === 'object' && raw.maintenance !== null ? Boolean(raw.maintenance.on) : Boolean(raw.maintenance)
    const maintenanceText =
      (typeof raw.maintenance === 'object' && raw.maintenance !== null ? raw.maintenance.text : undefined) ?? raw.maintenance_text ?? ''
    return {
      id: raw.id,
      phase: raw.phase ?? '',
      name: raw.name,
      status: raw.status.toUpperCase(),
      region: raw.region,
      premium: raw.tier === 'premium' || raw.relocatable === true || raw.relocatable === 1,
      expiresAt: raw.expires_at ?? null,
      createdAt: raw.created_at ?? null,
      expired: raw.is_expired ?? false,
      ownerSteamId: raw.owner?.steam_id ?? raw.owner_steam_id ?? '',
      ownerName: raw.owner?.name ?? raw.owner_name ?? '',
      instance,
      maintenance: maintenanceOn,
      maintenanceText,
    }
  }),
)

export const RENTAL_FILTERS = ['status', 'region', 'maintenance'] as const

/** The phases the list filters by (`status` is the phase; docs/pracc.md "The server's life"). */
export const RENTAL_PHASES = [
  'creating',
  'running',
  'restarting',
  'updating',
  'verifying',
  'switching',
  'expired',
  'starting',
  'terminating',
  'terminated',
  'failed',
  'relocated',
] as const

const base = (id: string) => `/api/console/rentals/${encodeURIComponent(id)}`

export const rentalCalls = {
  maintenance: (id: string, on: boolean, text: string, reason: string) =>
    apiClient.post(`${base(id)}/maintenance`, on ? { on, text, reason } : { on, reason }),
  extend: (id: string, hours: number, reason: string) => apiClient.post(`${base(id)}/extend`, { hours, reason }),
  end: (id: string, reason: string) => apiClient.post(`${base(id)}/end`, { reason }),
  retry: (id: string, reason: string) => apiClient.post(`${base(id)}/retry`, { reason }),
}

export const regionSchema = z.looseObject({
  code: z.optional(z.string()),
  region: z.optional(z.string()),
  available: z.catch(z.union([z.boolean(), z.number()]), false),
  recommended: z.catch(z.union([z.boolean(), z.number()]), false),
  active_servers: z.catch(z.optional(z.nullable(z.number())), undefined),
})

export interface ConsoleRegion {
  code: string
  activeServers: number | null
  available: boolean
  recommended: boolean
}

const regionsAnswer = z.pipe(
  z.union([z.array(regionSchema), z.object({ items: z.array(regionSchema) })]),
  z.transform((raw): ConsoleRegion[] =>
    (Array.isArray(raw) ? raw : raw.items).map((entry) => ({
      code: entry.code ?? entry.region ?? '',
      activeServers: entry.active_servers ?? null,
      available: Boolean(entry.available),
      recommended: Boolean(entry.recommended),
    })),
  ),
)

export const regionKeys = { all: ['console', 'regions'] as const }

export function fetchRegions(signal?: AbortSignal): Promise<ConsoleRegion[]> {
  return apiClient.get('/api/console/regions', { schema: regionsAnswer, signal })
}

export function saveRegion(region: ConsoleRegion): Promise<unknown> {
  return apiClient.put(`/api/console/regions/${encodeURIComponent(region.code)}`, {
    available: region.available,
    recommended: region.recommended,
  })
}
