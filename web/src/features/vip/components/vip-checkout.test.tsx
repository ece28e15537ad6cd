import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ORDER_POLL_MS, PAYMENT_WINDOW_SECONDS } from '@/lib/constants'
import { VIP_STATUS_CHANGED_EVENT, type VipStatus } from '@/lib/memberships/vip-status'
import { servePaymentEngine } from '@/lib/payments/testing/payment-fixtures'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { configWith } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { servePrivileges, serveVipStatus } from '../testing/vip-fixtures'

const portalCheckout = (methods = ['alipay', 'wechat', 'paypal'], sandboxScanUrl = '') =>
  configWith({ links: { vipPay: '' }, payments: { methods, sandboxScanUrl } })

const payDialog = () => screen.getByRole('dialog', { name: 'VIP 订阅' })
const inDialog = () => within(payDialog())
const total = () => inDialog().getByTestId('total-price')
/** The checkout's code and strings load as the dialog first opens. */
const checkoutLoaded = (loading: string) =>
  waitFor(() => expect(inDialog().queryByText(loading)).not.toBeInTheDocument())

async function openCheckout(options: { methods?: string[]; language?: 'zh' | 'en'; sandboxScanUrl?: string } = {}) {
  if (options.language) await i18next.changeLanguage(options.language)
  storeSession()
  servePrivileges()
  const view = await renderApp('/vip', { config: portalCheckout(options.methods, options.sandboxScanUrl) })
  await view.user.click(screen.getByRole('button', { name: options.language === 'en' ? 'Subscribe now' : '立即订阅' }))
  await checkoutLoaded(options.language === 'en' ? 'Loading…' : '加载中…')
  return view
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('VIP bought inside the portal (no external vip_pay_url)', () => {
  it('offers the plans from the price table, the configured methods and the total with the PayPal rule', async () => {
    const engine = servePaymentEngine()
    const { user } = await openCheckout()
    expect(payDialog()).toHaveAccessibleDescription(/^为 alice 订阅 VIP/)
    expect(inDialog().queryByTitle('VIP 支付页面')).not.toBeInTheDocument()

    const plans = inDialog().getByRole('group', { name: '时长' })
    await waitFor(() => expect(within(plans).getAllByRole('radio')).toHaveLength(3))
    expect(within(plans).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '30 天¥30.00',
      '90 天¥81.00',
      '1 年¥288.00',
    ])
    expect(within(plans).getByRole('radio', { name: /30 天/ })).toBeChecked()
    expect([...engine.pricing].sort()).toEqual(['vip:CNY', 'vip:USD'])

    const methods = inDialog().getByRole('group', { name: '支付方式' })
    expect(within(methods).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '支付宝',
      '微信支付',
      'PayPal',
    ])
    // Nothing to pay until a method is chosen.
    expect(total()).toHaveTextContent('-')
    expect(inDialog().getByRole('button', { name: '去支付' })).toBeDisabled()

    await user.click(within(methods).getByRole('radio', { name: '支付宝' }))
    expect(total()).toHaveTextContent('¥30.00')
    await user.click(within(methods).getByRole('radio', { name: 'PayPal' }))
    expect(total()).toHaveTextContent('$4.50')
    // Every VIP plan is long enough for PayPal; its prices are in dollars.
    expect(within(plans).getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).disabled)).toBe(true)
    await user.click(within(plans).getByRole('radio', { name: /1 年/ }))
    expect(total()).toHaveTextContent('$42.99')
    expect(within(plans).getByRole('radio', { name: /1 年/ }).closest('label')).toHaveTextContent('$42.99')
    expect(inDialog().getByRole('button', { name: '去支付' })).toBeEnabled()
  })

  it('a plan without a price in the method\'s currency reads Error and cannot be paid', async () => {
    servePaymentEngine({ prices: { CNY: [{ duration: 720, relocatable: false, amount: 30 }], USD: [] } })
    const { user } = await openCheckout()
    await user.click(await inDialog().findByRole('radio', { name: 'PayPal' }))
    expect(total()).toHaveTextContent('Error')
    expect(inDialog().getByText('价格配置无效（Invalid price configuration）')).toBeVisible()
    expect(inDialog().getByRole('button', { name: '去支付' })).toBeDisabled()
  })

  it('WeChat: the QR code and the countdown in the dialog, then paid: the success step, the status refetched and announced, the badge turns VIP', async () => {
    const engine = servePaymentEngine()
    const calls = serveVipStatus([{ type: 'none', expireDate: null }, { type: 'vip', expireDate: '2026-12-31' }])
    const events: VipStatus[] = []
    const listener = (event: Event) => events.push((event as CustomEvent<VipStatus>).detail)
    window.addEventListener(VIP_STATUS_CHANGED_EVENT, listener)
    try {
      const open = vi.spyOn(window, 'open')
      const { user } = await openCheckout()
      await user.click(await inDialog().findByRole('radio', { name: '微信支付' }))
      await waitFor(() => expect(total()).toHaveTextContent('¥30.00'))
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
      await user.click(inDialog().getByRole('button', { name: '去支付' }))

      expect(await inDialog().findByTitle('微信支付二维码')).toBeInTheDocument()
      expect(inDialog().getByText('请使用微信扫一扫完成支付')).toBeVisible()
      expect(inDialog().getByRole('timer', { name: '剩余支付时间' })).toHaveTextContent('8:00')
      expect(inDialog().queryByRole('button', { name: '去支付' })).not.toBeInTheDocument()
      expect(open).not.toHaveBeenCalled()
      expect(engine.orders[0]?.body).toEqual({
        currency: 'CNY',
        productType: 'vip',
        productId: 'vip',
        options: '{"duration":720,"paymentMethod":"wechat"}',
      })

      await advance(ORDER_POLL_MS)
      expect(inDialog().getByRole('timer')).toHaveTextContent('7:50')
      await vi.waitFor(() => expect(engine.polls).toEqual(['ord_1']))
      engine.status = 'paid'
      await advance(ORDER_POLL_MS)
      expect(await inDialog().findByText('支付成功，VIP 已到账')).toBeVisible()
      await vi.waitFor(() => expect(events).toHaveLength(1))
      expect(events[0]).toMatchObject({ steamId: ALICE.steamId, type: 'vip', expireDate: '2026-12-31' })
      expect(calls.length).toBeGreaterThanOrEqual(2)
      expect(await screen.findByTestId('tier-badge')).toHaveTextContent('VIP 至 2026年12月31日')
      vi.useRealTimers()

      await user.click(inDialog().getByRole('button', { name: '完成' }))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    } finally {
      window.removeEventListener(VIP_STATUS_CHANGED_EVENT, listener)
    }
  })

  it('a link method opens the payment page in a new tab and shows the link too; the timeout offers a retry that resets the payment', async () => {
    const engine = servePaymentEngine()
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn<() => void>() }
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window)
    const { user } = await openCheckout()
    await user.click(await inDialog().findByRole('radio', { name: '支付宝' }))
    await waitFor(() => expect(total()).toHaveTextContent('¥30.00'))
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
    await user.click(inDialog().getByRole('button', { name: '去支付' }))

    const link = await inDialog().findByRole('link', { name: '打开支付页面（在新标签页打开）' })
    expect(link).toHaveAttribute('href', 'https://pay.example.test/checkout/ord_1')
    expect(link).toHaveAttribute('target', '_blank')
    expect(tab.location.href).toBe('https://pay.example.test/checkout/ord_1')
    expect(tab.opener).toBeNull()
    expect(engine.pays).toEqual([{ orderId: 'ord_1', method: 'alipay' }])

    await advance(PAYMENT_WINDOW_SECONDS * 1000)
    expect(await inDialog().findByRole('alert')).toHaveTextContent('支付超时（Payment timeout）')
    vi.useRealTimers()
    await user.click(inDialog().getByRole('button', { name: '重新支付' }))
    expect(inDialog().getByRole('button', { name: '去支付' })).toBeEnabled()
    expect(inDialog().getByRole('radio', { name: '支付宝' })).toBeChecked()
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a refused order shows the payment error and gives the form back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const engine = servePaymentEngine({ orderError: [502, 'PAYMENT_PROVIDER_ERROR'] })
    const { user } = await openCheckout({ methods: ['wechat'] })
    await user.click(await inDialog().findByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(total()).toHaveTextContent('¥30.00'))
    await user.click(inDialog().getByRole('button', { name: '去支付' }))
    const alert = await inDialog().findByRole('alert')
    expect(alert).toHaveTextContent('创建订单或获取支付链接失败（Payment failed），请重试。')
    expect(alert).toHaveTextContent('支付服务暂时无法连接，请稍后再试。')
    expect(inDialog().getByRole('button', { name: '去支付' })).toBeEnabled()
    expect(inDialog().getByRole('radio', { name: '微信支付' })).toBeEnabled()
    expect(engine.pays).toEqual([])
  })

  it("in demo mode the WeChat code has a link to the stand-in's phone page; elsewhere it has none", async () => {
    servePaymentEngine()
    const scan = 'http://127.0.0.1:8080/dev/payments/wechat/pay?pr='
    const { user } = await openCheckout({ methods: ['wechat'], sandboxScanUrl: scan })
    await user.click(await inDialog().findByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(total()).toHaveTextContent('¥30.00'))
    await user.click(inDialog().getByRole('button', { name: '去支付' }))
    await inDialog().findByTitle('微信支付二维码')
    const link = inDialog().getByRole('link', { name: '在演示沙箱中扫码（模拟手机）' })
    expect(link).toHaveAttribute('href', `${scan}ord_1`)
    // A weixin:// code is for scanning, not a link a browser can open.
    expect(inDialog().queryByRole('link', { name: /打开支付页面/ })).not.toBeInTheDocument()
  })

  it('closing the dialog ends the payment: no more polls, and reopening starts from the form', async () => {
    const engine = servePaymentEngine()
    const { user } = await openCheckout({ methods: ['wechat'] })
    await user.click(await inDialog().findByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(total()).toHaveTextContent('¥30.00'))
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
    await user.click(inDialog().getByRole('button', { name: '去支付' }))
    await inDialog().findByTitle('微信支付二维码')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await advance(3 * ORDER_POLL_MS)
    expect(engine.polls).toEqual([])
    vi.useRealTimers()

    await user.click(screen.getByRole('button', { name: '立即订阅' }))
    expect(await inDialog().findByRole('button', { name: '去支付' })).toBeInTheDocument()
    expect(inDialog().queryByTitle('微信支付二维码')).not.toBeInTheDocument()
  })

  it('speaks English too', async () => {
    servePaymentEngine()
    const { user } = await openCheckout({ language: 'en' })
    const plans = inDialog().getByRole('group', { name: 'Duration' })
    await waitFor(() => expect(within(plans).getAllByRole('radio')).toHaveLength(3))
    expect(within(plans).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '30 days¥30.00',
      '90 days¥81.00',
      '1 year¥288.00',
    ])
    await user.click(inDialog().getByRole('radio', { name: 'WeChat Pay' }))
    expect(total()).toHaveTextContent('¥30.00')
    expect(inDialog().getByRole('button', { name: 'Pay now' })).toBeEnabled()
  })

  it('without any payment method the dialog says online payment is not available', async () => {
    servePaymentEngine()
    await openCheckout({ methods: [] })
    expect(payDialog()).toHaveTextContent('在线支付暂未开通')
    expect(inDialog().queryByRole('button', { name: '去支付' })).not.toBeInTheDocument()
  })
})
