// A fake /api/scrim backend for the rental tests: servers, admins, teammates, demos, regions and the
// actions, each answer settable per test, every request recorded.
import { http, HttpResponse } from 'msw'
import { apiError } from '@/testing/auth-fixtures'
import { server as mswServer } from '@/testing/msw-server'
import { gmt8Day } from '../model/expiry'

const DAY_S = 24 * 60 * 60

/**
 * The expiry fields of a server that expires `seconds` from now (negative: expired that long ago), as
 * the backend sends them: expiredate "YYYY-MM-DD HH:MM:SS" in GMT+8, timestamp in unix seconds.
 */
export function expiringIn(seconds: number) {
  const at = Date.now() + seconds * 1000
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  return { expiredate: `${gmt8Day(at)} ${time}`, timestamp: Math.floor(at / 1000) }
}

export const inDays = (days: number) => expiringIn(days * DAY_S)

let nextId = 0

/**
 * A server record as GET /api/scrim/getUserServers sends it (the backend's shape, docs/openapi.yaml):
 * running, owned, relocatable, a month left. `ip` is "host:port"; both namings of the record are there.
 */
export function serverJson(overrides: Record<string, unknown> = {}) {
  nextId += 1
  const id = `ins-${nextId}`
  const name = `Server ${nextId}`
  return {
    instance_id: id,
    instance_name: name,
    region: 'ap-shanghai',
    public_ip: '10.0.0.1',
    ...inDays(30),
    isOwner: true,
    isExpired: false,
    admin_list: '[]',
    connect_url: 'connect 10.0.0.1:27015; password pw123',
    sv_password: 'pw123',
    server_port: 27015,
    ip: '10.0.0.1:27015',
    status: 'RUNNING',
    maintenance_status: 0,
    maintenance_text: '',
    relocatable: 1,
    relocated: 0,
    tier: 'premium',
    id,
    name,
    location: 'ap-shanghai',
    ...overrides,
  }
}

export const RENTAL_PRICES = {
  CNY: [4, 8, 72, 168, 720, 2160, 8760].flatMap((duration) => [
    { duration, relocatable: false, amount: duration * 0.7 },
    { duration, relocatable: true, amount: duration * 0.95 },
  ]),
  USD: [168, 720, 2160, 8760].flatMap((duration) => [
    { duration, relocatable: false, amount: duration * 0.1 },
    { duration, relocatable: true, amount: duration * 0.15 },
  ]),
}

export const REGIONS = [
  { region: 'ap-shanghai', available: true, recommended: false },
  { region: 'ap-guangzhou', available: true, recommended: true },
  { region: 'ap-beijing', available: false, recommended: false },
  { region: 'ap-tokyo', available: true, recommended: false },
  { region: 'eu-frankfurt', available: true, recommended: true },
  { region: 'na-ashburn', available: true, recommended: false },
  { region: 'ap-nanjing', available: true, recommended: false },
]

/** An answer a test sets: a JSON body, or an error as [status, code, message?, details?]. */
export type Answer = unknown | { error: ErrorAnswer }
type ErrorAnswer = [number, string, string?, Record<string, unknown>?]

function isError(answer: Answer): answer is { error: ErrorAnswer } {
  return typeof answer === 'object' && answer !== null && 'error' in answer && Array.isArray((answer as { error: unknown }).error)
}

function reply(answer: Answer) {
  if (isError(answer)) return apiError(...answer.error)
  return HttpResponse.json(answer as Record<string, unknown>)
}

export interface ScrimRequest {
  method: string
  path: string
  /** The query string ("?relocatable=1"), undefined without one. */
  query?: string
  body: unknown
}

export interface ScrimBackend {
  requests: ScrimRequest[]
  /** Requests to a path (without the method). */
  calls: (path: string) => ScrimRequest[]
  answers: {
    servers: Answer
    changePassword: Answer
    admins: Answer
    saveAdmins: Answer
    teammates: Answer
    demos: Answer
    download: Answer
    regions: Answer
    switchRegion: Answer
    restart: Answer
    verify: Answer
    update: Answer
  }
}

export function serveScrim(answers: Partial<ScrimBackend['answers']> = {}): ScrimBackend {
  const backend: ScrimBackend = {
    requests: [],
    calls: (path) => backend.requests.filter((request) => request.path === path),
    answers: {
      servers: [serverJson()],
      changePassword: { success: true },
      admins: { admins: [], isOwner: true },
      saveAdmins: { success: true },
      teammates: { teammates: [] },
      demos: { data: { demos: [] } },
      download: { success: true, data: { download_url: 'https://cos.example.test/demo.dem?sig=1' } },
      regions: { success: true, regions: REGIONS },
      switchRegion: { success: true },
      restart: { success: true },
      verify: { success: true },
      update: { success: true },
      ...answers,
    },
  }
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text()
    const url = new URL(request.url)
    backend.requests.push({
      method: request.method,
      path: url.pathname,
      query: url.search || undefined,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    })
  }
  const route = (method: 'get' | 'post' | 'put', path: string, key: keyof ScrimBackend['answers']) =>
    http[method](path, async ({ request }) => {
      await record(request)
      return reply(backend.answers[key])
    })
  mswServer.use(
    route('get', '/api/scrim/getUserServers', 'servers'),
    route('post', '/api/scrim/change-password', 'changePassword'),
    route('get', '/api/scrim/server/:id/admins', 'admins'),
    route('put', '/api/scrim/server/:id/admins', 'saveAdmins'),
    route('get', '/api/scrim/server/:id/past-teammates', 'teammates'),
    route('get', '/api/scrim/server/:id/demos', 'demos'),
    route('get', '/api/scrim/server/:id/demos/:name/download', 'download'),
    route('get', '/api/scrim/available-regions', 'regions'),
    route('post', '/api/scrim/server/:id/switch-region', 'switchRegion'),
    route('post', '/api/scrim/restart-server', 'restart'),
    route('post', '/api/scrim/server/:id/verify', 'verify'),
    route('post', '/api/scrim/server/:id/update', 'update'),
    // The page's commands panel (another feature) asks for its list too.
    http.get('/api/commands', () => HttpResponse.json([])),
  )
  return backend
}
