// A logged-in operator (or not) and the console's answers, for the console's tests.
import { http, HttpResponse } from 'msw'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import type { Dashboard } from '../dashboard/dashboard-api'

/** Stores ALICE's session; her memberships include op unless `operator` is false. */
export function signInAs({ operator = true }: { operator?: boolean } = {}) {
  storeSession()
  server.use(
    http.get('/api/auth/vip-status/:steamId', () =>
      HttpResponse.json({
        steamId: ALICE.steamId,
        type: operator ? 'op' : 'vip',
        expireDate: operator ? null : '2030-01-01',
        vipExpireDate: operator ? null : '2030-01-01',
        groups: operator ? [{ group: 'op', expireDate: null }] : [{ group: 'vip', expireDate: '2030-01-01' }],
      }),
    ),
  )
}

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
