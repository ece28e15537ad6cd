import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storeSession } from '@/testing/auth-fixtures'
import { ORDER_POLL_MS, PAYMENT_WINDOW_SECONDS } from '../constants'
import { deferred, servePaymentEngine } from './testing/payment-fixtures'
import type { PaymentMethod } from './payment-methods'
import { usePayment, type PaymentState } from './use-payment'

function vipRequest(method: PaymentMethod, duration = 720) {
  return {
    method,
    order: {
      productType: 'vip' as const,
      productId: 'vip',
      currency: method === 'paypal' ? ('USD' as const) : ('CNY' as const),
      options: { duration, paymentMethod: method },
    },
  }
}

interface FakeTab {
  opener: unknown
  location: { href: string }
  close: ReturnType<typeof vi.fn<() => void>>
}

function spyOnTabs(blocked = false) {
  const tabs: FakeTab[] = []
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    if (blocked) return null
    const tab: FakeTab = { opener: window, location: { href: 'about:blank' }, close: vi.fn<() => void>() }
    tabs.push(tab)
    return tab as unknown as Window
  })
  return { tabs, open }
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

function setup(onPaid = vi.fn<(orderId: string) => void>()) {
  const view = renderHook(() => usePayment({ onPaid }))
  const phase = () => view.result.current.state.phase
  const state = <P extends PaymentState['phase']>(p: P) => {
    const current = view.result.current.state
    expect(current.phase).toBe(p)
    return current as Extract<PaymentState, { phase: P }>
  }
  return { ...view, phase, state, onPaid }
}

beforeEach(() => {
  storeSession()
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('usePayment', () => {
  it('WeChat: creates the order (options as JSON text), gets the link, shows the QR payload; no tab is opened', async () => {
    const engine = servePaymentEngine()
    const { open } = spyOnTabs()
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    expect(result.current.state.phase).toBe('starting')
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))

    expect(engine.orders).toEqual([
      {
        body: {
          currency: 'CNY',
          productType: 'vip',
          productId: 'vip',
          options: '{"duration":720,"paymentMethod":"wechat"}',
        },
        authorization: expect.stringMatching(/^Bearer /),
      },
    ])
    expect(engine.pays).toEqual([{ orderId: 'ord_1', method: 'wechat' }])
    expect(state('awaiting')).toMatchObject({
      orderId: 'ord_1',
      qrCode: 'weixin://wxpay/bizpayurl?pr=ord_1',
      paymentUrl: 'https://pay.example.test/checkout/ord_1',
      secondsLeft: PAYMENT_WINDOW_SECONDS,
    })
    expect(open).not.toHaveBeenCalled()
  })

  it('a link method: the tab opened in the click is sent to the payment link, without an opener', async () => {
    servePaymentEngine()
    const { tabs } = spyOnTabs()
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('alipay')))
    // Opened synchronously, inside the click.
    expect(tabs).toHaveLength(1)
    expect(tabs[0]?.opener).toBeNull()
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    expect(tabs[0]?.location.href).toBe('https://pay.example.test/checkout/ord_1')
    expect(state('awaiting').qrCode).toBeNull()
  })

  it('a blocked pop-up still leaves the link to click', async () => {
    servePaymentEngine()
    spyOnTabs(true)
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('paypal', 2160)))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    expect(state('awaiting').paymentUrl).toBe('https://pay.example.test/checkout/ord_1')
  })

  it("counts down from the server's window, never more than 480 s", async () => {
    servePaymentEngine({ expiresIn: 470 })
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    expect(state('awaiting').secondsLeft).toBe(470)

    servePaymentEngine({ expiresIn: 9_999 })
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(state('awaiting').orderId).toBe('ord_1'))
    expect(state('awaiting').secondsLeft).toBe(PAYMENT_WINDOW_SECONDS)
  })

  it('counts down each second and polls every 10 s until paid, then stops and calls the success step once', async () => {
    const engine = servePaymentEngine()
    const { result, state, onPaid } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))

    await advance(1000)
    expect(state('awaiting').secondsLeft).toBe(PAYMENT_WINDOW_SECONDS - 1)
    expect(engine.polls).toEqual([])
    await advance(ORDER_POLL_MS - 1000)
    await vi.waitFor(() => expect(engine.polls).toEqual(['ord_1']))
    expect(state('awaiting').secondsLeft).toBe(PAYMENT_WINDOW_SECONDS - 10)
    await advance(ORDER_POLL_MS)
    await vi.waitFor(() => expect(engine.polls).toHaveLength(2))
    expect(result.current.state.phase).toBe('awaiting')

    engine.status = 'paid'
    await advance(ORDER_POLL_MS)
    await vi.waitFor(() => expect(result.current.state.phase).toBe('paid'))
    expect(onPaid).toHaveBeenCalledTimes(1)
    expect(onPaid).toHaveBeenCalledWith('ord_1')
    await advance(5 * ORDER_POLL_MS)
    expect(engine.polls).toHaveLength(3)
    expect(onPaid).toHaveBeenCalledTimes(1)
  })

  it('times out after 480 s without payment: polling stops; retry goes back to the form', async () => {
    const engine = servePaymentEngine()
    const { result, onPaid } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))

    await advance(PAYMENT_WINDOW_SECONDS * 1000 - 1000)
    expect(result.current.state.phase).toBe('awaiting')
    await advance(1000)
    expect(result.current.state).toEqual({ phase: 'timeout', orderId: 'ord_1' })
    const polls = engine.polls.length
    // One every 10 s of the window, the last at 480 s itself.
    expect(polls).toBe(PAYMENT_WINDOW_SECONDS / (ORDER_POLL_MS / 1000))
    await advance(60_000)
    expect(engine.polls).toHaveLength(polls)

    act(() => result.current.reset())
    expect(result.current.state).toEqual({ phase: 'idle' })
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    expect(engine.orders).toHaveLength(2)
    expect(onPaid).not.toHaveBeenCalled()
  })

  it.each([
    ['review', 'review'],
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['refunded', 'refunded'],
  ])('an order that turns %s ends the wait with that status', async (status, expected) => {
    const engine = servePaymentEngine()
    const { result } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    engine.status = status
    await advance(ORDER_POLL_MS)
    await vi.waitFor(() => expect(result.current.state).toEqual({ phase: 'closed', orderId: 'ord_1', status: expected }))
    await advance(3 * ORDER_POLL_MS)
    expect(engine.polls).toHaveLength(1)
  })

  it('a failed poll is retried at the next one', async () => {
    const engine = servePaymentEngine()
    const { result } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    engine.status = 'garbage-that-is-not-a-status'
    await advance(ORDER_POLL_MS)
    await vi.waitFor(() => expect(engine.polls).toHaveLength(1))
    expect(result.current.state.phase).toBe('awaiting')
    engine.status = 'paid'
    await advance(ORDER_POLL_MS)
    await vi.waitFor(() => expect(result.current.state.phase).toBe('paid'))
  })

  it('a refused order is the payment error (no pay call, the reserved tab closes)', async () => {
    const engine = servePaymentEngine({ orderError: [422, 'PRICE_NOT_FOUND'] })
    const { tabs } = spyOnTabs()
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('alipay')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('error'))
    expect(state('error').error).toMatchObject({ status: 422, code: 'PRICE_NOT_FOUND' })
    expect(engine.pays).toEqual([])
    expect(tabs[0]?.close).toHaveBeenCalledTimes(1)
    await advance(3 * ORDER_POLL_MS)
    expect(engine.polls).toEqual([])
  })

  it('a failure getting the link is the payment error too, and the next try starts over', async () => {
    const engine = servePaymentEngine({ payError: [502, 'PAYMENT_PROVIDER_ERROR'] })
    const { result, state } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('error'))
    expect(state('error').error).toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER_ERROR' })
    act(() => result.current.start(vipRequest('wechat')))
    expect(result.current.state.phase).toBe('starting')
    await vi.waitFor(() => expect(result.current.state.phase).toBe('error'))
    expect(engine.orders).toHaveLength(2)
  })

  it('unmounting (the dialog closing) stops the countdown and the poll', async () => {
    const engine = servePaymentEngine()
    const { result, unmount } = setup()
    act(() => result.current.start(vipRequest('wechat')))
    await vi.waitFor(() => expect(result.current.state.phase).toBe('awaiting'))
    expect(vi.getTimerCount()).toBe(2)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
    await advance(3 * ORDER_POLL_MS)
    expect(engine.polls).toEqual([])
  })

  it('unmounting while the order is being created drops its answer: nothing starts afterwards', async () => {
    const hold = deferred()
    const engine = servePaymentEngine({ orderDelay: hold.promise })
    const { tabs } = spyOnTabs()
    const { result, unmount } = setup()
    act(() => result.current.start(vipRequest('alipay')))
    await vi.waitFor(() => expect(engine.orders).toHaveLength(1))
    unmount()
    hold.release()
    await advance(3 * ORDER_POLL_MS)
    expect(engine.pays).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
    expect(tabs[0]?.close).toHaveBeenCalledTimes(1)
  })
})
