import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import type { Person } from './people-api'

const BOB: Person = {
  id: 9,
  steam_id: '76561198000000009',
  name: 'bob',
  email: 'bob@example.com',
  groups: [],
  vip_until: null,
  created_at: 1_800_000_000,
}

function servePeople(people: Person[] = [BOB]) {
  const asked: URLSearchParams[] = []
  server.use(
    http.get('/api/console/users', ({ request }) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      return HttpResponse.json({ items: people, total: people.length, page: 1, page_size: 25 })
    }),
  )
  return asked
}

// Shaped as the backend writes them: backend/src/app/wiring/console.cpp (order_json, rental_json) and
// backend/src/features/auth/console_routes.cpp (details_json); docs/console.md, People.
const ORDER = {
  id: 'ord_3f2a9c0d4e5b6a7c8d9e0f1a2b',
  product_type: 'vip',
  product_id: 'vip',
  method: 'wechat',
  state: 'fulfilled',
  currency: 'CNY',
  amount_minor: 1500,
  created_at: 1_800_000_100,
  paid_at: 1_800_000_160,
  refunded_at: null,
}
const REFUNDED = {
  ...ORDER,
  id: 'ord_00000000000000000000000002',
  product_type: 'server_rental',
  product_id: 'premium',
  method: 'paypal',
  state: 'refunded',
  currency: 'USD',
  amount_minor: 999,
  refunded_at: 1_800_086_400,
}
const OWNED = {
  id: 'srv_abcdefghijklmnop',
  name: 'Team practice',
  region: 'ap-shanghai',
  status: 'RUNNING',
  owner: true,
  maintenance: true,
  expires_at: 1_800_604_800,
  created_at: 1_800_000_000,
}
const ADMINED = { ...OWNED, id: 'srv_qrstuvwxyz234567', name: 'Friends', region: 'ap-beijing', status: 'LAUNCH_FAILED', owner: false, maintenance: false }

function servePerson(person: () => Person, { orders = [ORDER], rentals = [OWNED] }: { orders?: unknown[]; rentals?: unknown[] } = {}) {
  server.use(
    http.get('/api/console/users/9', () =>
      HttpResponse.json({
        user: person(),
        memberships: [],
        vip: { until: person().vip_until, history: [] },
        orders,
        rentals,
        sessions: [{ id: 1, method: 'LOGIN-STEAM', ip: '10.0.0.1', created_at: 1_800_000_000, last_seen_at: null, expires_at: 1_800_604_800 }],
      }),
    ),
  )
}

describe('the People screen', () => {
  it('searches by the text submitted and opens a person', async () => {
    signInAs()
    const asked = servePeople()
    servePerson(() => BOB)
    const { user, location } = await renderApp('/console/people')
    await screen.findByRole('link', { name: '查看 bob' })
    await user.type(screen.getByRole('searchbox', { name: 'SteamID64、用户名或邮箱' }), 'bob{Enter}')
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('bob'))
    expect(location().search).toBe('?q=bob')
    await user.click(screen.getByRole('link', { name: '查看 bob' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument()
    expect(location().pathname).toBe('/console/people/9')
    expect(screen.getByRole('table', { name: /订单/ })).toHaveTextContent('¥15.00')
    expect(screen.getByRole('table', { name: /登录会话/ })).toHaveTextContent('10.0.0.1')
  })

  it("shows the person's orders and rentals as the backend sends them, each linked to its console list", async () => {
    signInAs()
    servePerson(() => BOB, { orders: [ORDER, REFUNDED], rentals: [OWNED, ADMINED] })
    await renderApp('/console/people/9')
    const orders = await screen.findByRole('table', { name: /订单/ })
    const [paid, refunded] = within(orders).getAllByRole('row').slice(1)
    expect(within(paid).getByRole('link', { name: ORDER.id })).toHaveAttribute('href', `/console/orders?q=${ORDER.id}`)
    expect(paid).toHaveTextContent('VIP')
    expect(paid).toHaveTextContent('微信支付')
    expect(paid).toHaveTextContent('已完成')
    expect(paid).toHaveTextContent('¥15.00')
    // 1_800_000_100 and 1_800_000_160 in GMT+8
    expect(paid).toHaveTextContent('2027-01-15 16:01')
    expect(paid).toHaveTextContent('2027-01-15 16:02')
    expect(refunded).toHaveTextContent('练习服租用')
    expect(refunded).toHaveTextContent('PayPal')
    expect(refunded).toHaveTextContent('已退款')
    expect(refunded).toHaveTextContent('US$9.99')
    expect(refunded).toHaveTextContent('退款于 2027-01-16 16:00')

    const rentals = screen.getByRole('table', { name: /练习服/ })
    const [owned, admined] = within(rentals).getAllByRole('row').slice(1)
    expect(within(owned).getByRole('link', { name: OWNED.id })).toHaveAttribute('href', `/console/rentals?q=${OWNED.id}`)
    expect(owned).toHaveTextContent('Team practice')
    expect(owned).toHaveTextContent('所有者')
    expect(owned).toHaveTextContent('运行中')
    expect(owned).toHaveTextContent('维护中')
    expect(owned).toHaveTextContent('上海')
    expect(owned).toHaveTextContent('2027-01-22 16:00')
    expect(admined).toHaveTextContent('管理员')
    expect(admined).toHaveTextContent('开服失败')
    expect(admined).not.toHaveTextContent('维护中')
    expect(admined).toHaveTextContent('北京')
  })

  it('shows an answer whose orders are not in the contract as an error, not as blank rows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signInAs()
    servePerson(() => BOB, { orders: [{ id: 'o-1', state: 'PAID', product_type: 'vip', amount_minor: 1500, currency: 'CNY', created_at: 1 }] })
    await renderApp('/console/people/9')
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: /订单/ })).not.toBeInTheDocument()
  })

  it('grants VIP days with a reason and shows the new end', async () => {
    signInAs()
    servePeople()
    let current = BOB
    servePerson(() => current)
    const sent: unknown[] = []
    server.use(
      http.post('/api/console/users/9/vip', async ({ request }) => {
        sent.push(await request.json())
        current = { ...BOB, groups: ['vip'], vip_until: 1_900_000_000 }
        return HttpResponse.json(current)
      }),
    )
    const { user } = await renderApp('/console/people/9')
    expect(await screen.findByTestId('vip-until')).toHaveTextContent('不是 VIP')
    await user.click(screen.getByRole('button', { name: '调整 VIP 天数' }))
    const dialog = await screen.findByRole('dialog', { name: '调整 bob 的 VIP 天数' })
    const days = within(dialog).getByRole('textbox', { name: '天数' })
    await waitFor(() => expect(days).toHaveFocus())
    await user.type(days, '0')
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), 'tournament prize')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    expect(await within(dialog).findByText('请输入非零整数天数（-3650 到 3650）')).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.clear(days)
    await user.type(days, '30')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual([{ days: 30, reason: 'tournament prize' }])
    await waitFor(() => expect(screen.getByTestId('vip-until')).toHaveTextContent('2030-03-18 01:46'))
  })

  it('grants or revokes a group and ends every session, each with its reason', async () => {
    signInAs()
    servePerson(() => ({ ...BOB, groups: ['kol'] }))
    const sent: { path: string; body: unknown }[] = []
    server.use(
      http.post('/api/console/users/9/:what', async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json() })
        return HttpResponse.json(BOB)
      }),
      http.post('/api/console/users/9/sessions/end', async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json() })
        return HttpResponse.json(BOB)
      }),
    )
    const { user } = await renderApp('/console/people/9')
    await user.click(await screen.findByRole('button', { name: '撤销 kol' }))
    let dialog = await screen.findByRole('dialog', { name: '撤销 bob 的 kol 身份' })
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), 'left the team')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: '结束全部会话' }))
    dialog = await screen.findByRole('dialog', { name: '结束 bob 的全部会话' })
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), 'stolen account')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent).toEqual([
      { path: '/api/console/users/9/groups', body: { group: 'kol', granted: false, reason: 'left the team' } },
      { path: '/api/console/users/9/sessions/end', body: { reason: 'stolen account' } },
    ])
  })

  it('shows the server refusal in the dialog', async () => {
    signInAs()
    servePerson(() => ({ ...BOB, steam_id: null }))
    server.use(
      http.post('/api/console/users/9/vip', () =>
        HttpResponse.json({ error: 'NO_STEAM_ACCOUNT', message: 'no steam', details: {} }, { status: 409 }),
      ),
    )
    const { user } = await renderApp('/console/people/9')
    await user.click(await screen.findByRole('button', { name: '调整 VIP 天数' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: '天数' }), '7')
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), 'gift')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该用户没有绑定 Steam 账号')
  })
})
