// Tokens and stored sessions for tests of the account features.
import { http, HttpResponse } from 'msw'
import { STORAGE_KEYS, type StoredUser } from '@/lib/storage'
import { server } from './msw-server'

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** An unsigned JWT with the given payload; the client never verifies signatures. */
export function fakeJwt(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2ln`
}

/** A JWT that expires `seconds` from now (negative: already expired). */
export function jwtExpiringIn(seconds: number, typ: 'login' | 'bind' = 'login'): string {
  return fakeJwt({ sub: '1', typ, exp: Math.floor(Date.now() / 1000) + seconds })
}

export const ALICE: StoredUser = {
  id: 7,
  steamId: '76561198000000001',
  username: 'alice',
  avatar: 'https://avatars.example.com/alice.jpg',
}

/** Writes a logged-in session to localStorage the way the app stores it. */
export function storeSession({
  user = ALICE,
  loginTime = Date.now(),
  token = jwtExpiringIn(3600),
}: { user?: StoredUser; loginTime?: number; token?: string | null } = {}): string | null {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  localStorage.setItem(STORAGE_KEYS.loginTime, String(loginTime))
  if (token) localStorage.setItem(STORAGE_KEYS.loginToken, token)
  return token
}

export interface LoggedAuthAction {
  steamId: string
  action: string
  authorization: string | null
}

/** Records every POST /api/auth/log (body and bearer token). */
export function captureAuthLog(status = 204): LoggedAuthAction[] {
  const seen: LoggedAuthAction[] = []
  server.use(
    http.post('/api/auth/log', async ({ request }) => {
      const body = (await request.json()) as { steamId: string; action: string }
      seen.push({ ...body, authorization: request.headers.get('Authorization') })
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'boom', details: {} }, { status })
    }),
  )
  return seen
}

/** An answer in the backend's error shape. */
export function apiError(status: number, error: string, message = error, details: Record<string, unknown> = {}) {
  return HttpResponse.json({ error, message, details }, { status })
}
