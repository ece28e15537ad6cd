import { screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { apiError, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

function order(id: string, patch: Record<string, unknown> = {}) {
  return {
    id,
    status: 'paid',
    state: 'fulfilled',
    productType: 'vip',
    productId: 'vip',
    amount: 30,
    currency: 'CNY',
    method: 'wechat',
    // 2025-01-31 10:05 UTC = 18:05 in GMT+8
    createdAt: 1738317900,
    paidAt: null,
    expiresAt: 1738318380,
    ...patch,
  }
}

function serveOrders(pages: Record<number, unknown[]>, total: number) {
  const asked: number[] = []
  server.use(
    http.get('/api/payment/orders', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'))
      asked.push(page)
      return HttpResponse.json({ data: pages[page] ?? [], page, pageSize: 2, total })
    }),
  )
  return asked
}

const rows = () => within(screen.getByRole('list', { name: '订单列表' })).getAllByRole('listitem')

describe('orders page', () => {
  it('lists the orders with status, product, amount, method and time in GMT+8, page by page', async () => {
    storeSession()
    const asked = serveOrders(
      {
        1: [
          order('ord_b', { status: 'pending', amount: 4.5, currency: 'USD', method: 'paypal', createdAt: '2025-02-01T00:00:00Z' }),
          order('ord_a', { paidAt: 1738318000 }),
        ],
        2: [order('ord_0', { status: 'review', productType: 'server_rental', method: 'alipay', amount: 1234.5 })],
      },
      3,
    )
    const { user } = await renderApp('/orders', { width: 390 })
    expect(await screen.findByRole('heading', { level: 1, name: '我的订单' })).toBeVisible()
    await waitFor(() => expect(rows()).toHaveLength(2))
    const [first, second] = rows()
    expect(within(first!).getByTestId('order-status')).toHaveTextContent('待支付')
    expect(first).toHaveTextContent('VIP 会员')
    expect(first).toHaveTextContent('金额$4.50')
    expect(first).toHaveTextContent('支付方式PayPal')
    expect(first).toHaveTextContent('下单时间2025-02-01 08:00')
    expect(within(second!).getByTestId('order-status')).toHaveTextContent('已支付')
    expect(second).toHaveTextContent('金额¥30.00')
    expect(second).toHaveTextContent('支付方式微信支付')
    expect(second).toHaveTextContent('下单时间2025-01-31 18:05')
    expect(second).toHaveTextContent('订单号ord_a')

    const pager = screen.getByRole('navigation', { name: '订单分页' })
    expect(pager).toHaveTextContent('第 1 / 2 页')
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: '下一页' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('练习服租用')
    expect(rows()[0]).toHaveTextContent('核对中')
    expect(rows()[0]).toHaveTextContent('¥1,234.50')
    expect(within(pager).getByRole('button', { name: '下一页' })).toBeDisabled()
    expect(asked).toEqual([1, 2])
  })

  it('says so when there are no orders', async () => {
    storeSession()
    serveOrders({}, 0)
    await renderApp('/orders')
    expect(await screen.findByText('还没有订单')).toBeVisible()
    expect(screen.queryByRole('navigation', { name: '订单分页' })).not.toBeInTheDocument()
  })

  it('a failure is shown through the error texts, with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    let fail = true
    server.use(
      http.get('/api/payment/orders', () =>
        fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'down') : HttpResponse.json({ data: [order('ord_a')], page: 1, pageSize: 20, total: 1 }),
      ),
    )
    const { user } = await renderApp('/orders')
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/)
    fail = false
    await user.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('asks a visitor to log in, without asking for orders', async () => {
    const asked = serveOrders({}, 0)
    const { user } = await renderApp('/orders')
    const notice = await screen.findByRole('region', { name: '请先登录' })
    await user.click(within(notice).getByRole('button', { name: '立即登录' }))
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeVisible()
    expect(asked).toEqual([])
  })

  it('is reached from the account menu, in English too', async () => {
    await i18next.changeLanguage('en')
    storeSession()
    serveOrders({ 1: [order('ord_a')] }, 1)
    const { user, location } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: /alice/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'My orders' }))
    expect(location().pathname).toBe('/orders')
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(1))
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid')
  })
})
