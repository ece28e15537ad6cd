// A fake backend for the VIP page tests: the privileges (in an order the page has to fix) and the
// VIP status, with every request recorded.
import { http, HttpResponse } from 'msw'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'

/** As the API could send them: out of order, one tie on order, odd and missing flags. */
export const PRIVILEGES = [
  {
    id: 5,
    key: 'vote_immunity',
    content: '投票踢人豁免',
    detail: '不会被投票踢出服务器',
    order: 30,
    normal: 0,
    vip: 0,
    pro: 1,
    kol: 1,
    op: 1,
  },
  {
    id: 3,
    key: 'reserved_slot',
    content: '预留位置',
    detail: '服务器满员时也能进入',
    order: 10,
    normal: 0,
    vip: 1,
    pro: 1,
    kol: 1,
    op: 1,
  },
  {
    id: 2,
    key: 'skin_changer',
    content: '皮肤修改',
    detail: '在服务器内使用 !ws 更换皮肤',
    order: 20,
    normal: 0,
    vip: 2,
    pro: 1,
    kol: 7,
  },
  {
    id: 1,
    key: 'chat_tag',
    content: '自定义聊天标签',
    detail: '',
    order: 20,
    normal: 2,
    vip: 1,
    pro: 1,
    kol: 1,
    op: '1',
  },
]

/** Row headings in the order the table must show them. */
export const SORTED_CONTENTS = ['预留位置', '自定义聊天标签', '皮肤修改', '投票踢人豁免']

export function deferred() {
  let release: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

interface PrivilegeOptions {
  answer?: unknown[] | 'error'
  /** Holds every answer back until it settles. */
  delay?: Promise<void>
}

export function servePrivileges({ answer = PRIVILEGES, delay }: PrivilegeOptions = {}) {
  const calls: { language: string | null }[] = []
  server.use(
    http.get('/api/privileges', async ({ request }) => {
      calls.push({ language: new URL(request.url).searchParams.get('language') })
      if (delay) await delay
      return answer === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json(answer)
    }),
  )
  return calls
}

export interface VipStatusJson {
  type: string
  expireDate: string | null
}

/**
 * GET /api/auth/vip-status/{steamId}: answers from `statuses` in turn (the last one repeats);
 * 'error' answers a 500.
 */
export function serveVipStatus(statuses: (VipStatusJson | 'error')[]) {
  const calls: string[] = []
  server.use(
    http.get('/api/auth/vip-status/:steamId', ({ params }) => {
      const steamId = String(params.steamId)
      const status = statuses[Math.min(calls.length, statuses.length - 1)]
      calls.push(steamId)
      if (status === 'error') return apiError(500, 'INTERNAL_ERROR')
      return HttpResponse.json({ steamId, ...status, vipExpireDate: status.expireDate, groups: [] })
    }),
  )
  return calls
}
