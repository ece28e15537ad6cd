import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
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

function servePerson(person: () => Person) {
  server.use(
    http.get('/api/console/users/9', () =>
      HttpResponse.json({
        user: person(),
        memberships: [],
        vip: { until: person().vip_until, history: [] },
        orders: [{ id: 'o-1', state: 'PAID', product_type: 'vip', amount_minor: 1500, currency: 'CNY', created_at: 1_800_000_100 }],
        rentals: [],
        sessions: [{ id: 1, method: 'steam', ip: '10.0.0.1', created_at: 1_800_000_000, last_seen_at: null, expires_at: 1_800_604_800 }],
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
