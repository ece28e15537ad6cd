// The dashboard's answer, for the console's tests.
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import type { Dashboard } from '../dashboard/dashboard-api'

export function dashboardFixture(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    players_online: 42,
    players_24h: [
      { at: 1_800_000_000, players: 10 },
      { at: 1_800_003_600, players: 30 },
      { at: 1_800_007_200, players: 42 },
    ],
    servers_total: 12,
    servers_offline: 1,
    rentals_by_state: { RUNNING: 3, LAUNCH_FAILED: 1 },
    revenue: [{ period: 'today', method: 'alipay', currency: 'CNY', orders: 2, amount_minor: 3000 }],
    failed_provisioning: 1,
    payments_held: 0,
    jobs: [{ name: 'a2s_refresh', last_run_at: 1_800_007_000, last_ok_at: 1_800_007_000, failures: 0, last_error: null }],
    ...overrides,
  }
}

export function serveDashboard(dashboard: Dashboard = dashboardFixture()) {
  server.use(http.get('/api/console/dashboard', () => HttpResponse.json(dashboard)))
}
