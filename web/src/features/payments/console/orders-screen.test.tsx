import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

const ORDER = {
  id: 'ord_3f2a9c0d4e5b6a7c8d9e0f1a2b',
  user_id: 7,
  steam_id: '76561198000000001',
  email: 'buyer@example.com',
  product_type: 'vip',
  product_id: 'vip',
  duration: 720,
  relocatable: false,
  amount_minor: 3000,
  currency: 'CNY',
  method: 'wechat',
  state: 'fulfilled',
  status: 'paid',
  created_at: 1_800_000_000,
  paid_at: 1_800_000_100,
  refunded_at: null,
}

const EVENTS = [
  { at: 1_800_000_000, kind: 'transition', from_state: null, to_state: 'created', actor: 'user:7', details: { detail: '' } },
  {
    at: 1_800_000_100,
    kind: 'notification',
    from_state: null,
    to_state: null,
    actor: 'provider:wechat',
    details: { provider: 'wechat', event_id: 'evt-1', outcome: 'applied', body: '{"trade_state":"SUCCESS"}' },
  },
]

function serveOrders() {
  const asked: URLSearchParams[] = []
  const refunds: unknown[] = []
  let state = ORDER.state
  server.use(
    http.get('/api/console/orders', ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return HttpResponse.json({ items: [{ ...ORDER, state }], total: 1, page: 1, page_size: 25 })
    }),
    http.get('/api/console/orders/:id', () => HttpResponse.json({ ...ORDER, state, events: EVENTS })),
    http.post('/api/console/orders/:id/refund', async ({ request }) => {
      refunds.push(await request.json())
      state = 'refunded'
      return HttpResponse.json({ ...ORDER, state, events: EVENTS })
    }),
  )
  return { asked, refunds }
}

describe('the orders screen', () => {
  it('lists orders with money in major units and filters by state on the server', async () => {
    signInAs()
    const { asked } = serveOrders()
    const { user, location } = await renderApp('/console/orders')
    const table = await screen.findByRole('table', { name: /订单/ })
    expect(within(table).getByText('¥30.00')).toBeInTheDocument()
    expect(within(table).getByText('微信支付')).toBeInTheDocument()
    expect(asked[0].get('sort')).toBe('created_at')
    await user.selectOptions(screen.getByRole('combobox', { name: '状态' }), 'held')
    await waitFor(() => expect(asked.at(-1)?.get('state')).toBe('held'))
    expect(location().search).toContain('state=held')
  })

  it('shows the history with the provider notification and refunds with a reason', async () => {
    signInAs()
    const { refunds } = serveOrders()
    const { user } = await renderApp('/console/orders')
    await user.click(await screen.findByRole('button', { name: `查看订单 ${ORDER.id}` }))
    const details = await screen.findByRole('dialog', { name: '订单详情' })
    expect(await within(details).findByText(/trade_state/)).toBeInTheDocument()
    expect(within(details).getByText('支付通知')).toBeInTheDocument()
    await user.click(within(details).getByRole('button', { name: '退款' }))
    const confirm = await screen.findByRole('dialog', { name: `为订单 ${ORDER.id} 退款` })
    await user.click(within(confirm).getByRole('button', { name: '退款' }))
    expect(await within(confirm).findByText('请填写原因')).toBeInTheDocument()
    expect(refunds).toHaveLength(0)
    await user.type(within(confirm).getByRole('textbox', { name: '原因' }), 'bought twice')
    await user.click(within(confirm).getByRole('button', { name: '退款' }))
    await waitFor(() => expect(refunds).toEqual([{ reason: 'bought twice' }]))
    const reopened = await screen.findByRole('dialog', { name: '订单详情' })
    await waitFor(() => expect(within(reopened).queryByRole('button', { name: '退款' })).not.toBeInTheDocument())
  })

  it('keeps the dialog open with the refusal in words', async () => {
    signInAs()
    serveOrders()
    server.use(http.post('/api/console/orders/:id/refund', () => apiError(409, 'ORDER_NOT_REFUNDABLE')))
    const { user } = await renderApp(`/console/orders?order=${ORDER.id}`)
    const details = await screen.findByRole('dialog', { name: '订单详情' })
    await user.click(await within(details).findByRole('button', { name: '退款' }))
    const confirm = await screen.findByRole('dialog', { name: `为订单 ${ORDER.id} 退款` })
    await user.type(within(confirm).getByRole('textbox', { name: '原因' }), 'test')
    await user.click(within(confirm).getByRole('button', { name: '退款' }))
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('这笔订单当前不能退款')
  })
})
