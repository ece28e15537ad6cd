// A logged-in operator (or not), for the console's tests.
import { http, HttpResponse } from 'msw'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'

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
