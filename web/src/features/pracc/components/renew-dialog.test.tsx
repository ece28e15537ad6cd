import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ORDER_POLL_MS } from '@/lib/constants'
import { servePaymentEngine } from '@/lib/payments/testing/payment-fixtures'
import { renderApp } from '@/testing/render-app'
import { advance, fakeClock, realClock } from '../testing/fake-clock'
import { RENTAL_PRICES, serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function openRenew(server: Record<string, unknown>, options: PraccSetupOptions = {}) {
  const engine = servePaymentEngine({ prices: RENTAL_PRICES })
  const { backend, config } = await setupPracc({ answers: { servers: [serverJson({ instance_name: 'Team', ...server })] }, ...options })
  const view = await renderApp('/pracc', { config })
  const card = await screen.findByRole('article', { name: 'Team' })
  await view.user.click(within(card).getByRole('button', { name: '续费' }))
  return { ...view, backend, engine, dialog: await screen.findByRole('dialog', { name: '续费' }) }
}

const total = (dialog: HTMLElement) => within(dialog).getByTestId('total-price')
const duration = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: '时长' }) as HTMLSelectElement

afterEach(() => {
  realClock()
  vi.restoreAllMocks()
})

describe('renew', () => {
  it("starts at one month; the price follows the server's region flag and the method", async () => {
    const { user, dialog, engine } = await openRenew({ relocatable: 0 })
    expect(duration(dialog).value).toBe('720')
    expect(total(dialog)).toHaveTextContent('-')
    await user.click(within(dialog).getByRole('radio', { name: '支付宝' }))
    await waitFor(() => expect(total(dialog)).toHaveTextContent('¥504.00'))
    await user.click(within(dialog).getByRole('radio', { name: 'PayPal' }))
    expect(total(dialog)).toHaveTextContent('$72.00')
    expect([...engine.pricing].sort()).toEqual(['server_rental:CNY', 'server_rental:USD'])
  })

  it('pays for the renewal through the payment view, then says so and reloads the list', async () => {
    const { dialog, engine, backend } = await openRenew({ instance_id: 'ins-renew', relocatable: 1 })
    const user = fakeClock()
    await user.selectOptions(duration(dialog), '2160')
    await user.click(within(dialog).getByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(total(dialog)).toHaveTextContent('¥2,052.00'))
    await user.click(within(dialog).getByRole('button', { name: '去支付' }))
    expect(await within(dialog).findByTitle('微信支付二维码')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('90 天 · 微信支付 · ¥2,052.00')
    expect(engine.orders[0]?.body).toEqual({
      currency: 'CNY',
      productType: 'server_rental',
      productId: 'renew_server',
      options: JSON.stringify({ instance_id: 'ins-renew', duration: 2160, isRelocatable: true, paymentMethod: 'wechat' }),
    })
    const before = backend.calls('/api/scrim/getUserServers').length
    engine.status = 'paid'
    await advance(ORDER_POLL_MS)
    expect(await within(dialog).findByText('续费成功')).toBeVisible()
    await waitFor(() => expect(backend.calls('/api/scrim/getUserServers').length).toBe(before + 1))
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('without a payment method it says online payment is not available', async () => {
    const { dialog } = await openRenew({}, { methods: [] })
    expect(dialog).toHaveTextContent('暂无可用的支付方式，请稍后再试。')
    expect(within(dialog).queryByRole('button', { name: '去支付' })).not.toBeInTheDocument()
  })
})
