// GET /api/console/dashboard (docs/console.md, Dashboard).
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

const count = z.catch(z.number(), 0)

export const dashboardSchema = z.object({
  players_online: count,
  players_24h: z.catch(z.array(z.object({ at: z.number(), players: z.number() })), []),
  servers_total: count,
  servers_offline: count,
  rentals_by_state: z.catch(z.record(z.string(), z.number()), {}),
  revenue: z.catch(
    z.array(
      z.object({
        period: z.string(),
        method: z.string(),
        currency: z.string(),
        orders: z.number(),
        amount_minor: z.number(),
      }),
    ),
    [],
  ),
  failed_provisioning: count,
  payments_held: count,
  jobs: z.catch(
    z.array(
      z.object({
        name: z.string(),
        last_run_at: z.nullish(z.number()),
        last_ok_at: z.nullish(z.number()),
        failures: z.catch(z.number(), 0),
        last_error: z.nullish(z.string()),
      }),
    ),
    [],
  ),
})
export type Dashboard = z.infer<typeof dashboardSchema>
export type PlayersPoint = Dashboard['players_24h'][number]

export const dashboardKey = ['console', 'dashboard'] as const

export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiClient.get('/api/console/dashboard', { schema: dashboardSchema, signal })
}
