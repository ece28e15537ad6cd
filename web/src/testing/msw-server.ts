import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/**
 * Answers every screen may ask for in passing (the header's announcement, the server list) so tests
 * of other screens need not mention them; tests override them with `server.use`.
 */
export const defaultHandlers = [
  http.get('/api/server/announcement', () => HttpResponse.json([])),
  http.get('/api/servers', () => HttpResponse.json([])),
  http.get('/api/servers/:id', () =>
    HttpResponse.json({ error: 'SERVER_NOT_FOUND', message: 'Server not found', details: {} }, { status: 404 }),
  ),
  // The logged-in user's tier (lib/memberships: header badge, VIP page, quick join); login and
  // logout are logged.
  http.get('/api/auth/vip-status/:steamId', ({ params }) =>
    HttpResponse.json({ steamId: params.steamId, type: 'none', expireDate: null, vipExpireDate: null, groups: [] }),
  ),
  http.post('/api/auth/log', () => new HttpResponse(null, { status: 204 })),
  // The session check the app makes on load and every 60 s: the login holds.
  http.get('/api/auth/session', () => HttpResponse.json({ steamId: '76561197960361544', expiresAt: 0 })),
  // The VIP page's privilege table (the shell tests land on /vip, where a disabled feature redirects).
  http.get('/api/privileges', () => HttpResponse.json([])),
]

/** The fake backend for unit and integration tests; each test adds the handlers it needs. */
export const server = setupServer(...defaultHandlers)
