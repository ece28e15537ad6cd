// A fake payment engine for tests (docs/payments.md): prices, order, pay, the order's status as the
// test sets it, and the caller's order list, with every request recorded.
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'

/** A promise the test settles when it wants. */
export function deferred() {
  let release: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

export const VIP_PRICES = {
  CNY: [
    { duration: 720, relocatable: false, amount: 30 },
    { duration: 2160, relocatable: false, amount: 81 },
    { duration: 8760, relocatable: false, amount: 288 },
  ],
  USD: [
    { duration: 720, relocatable: false, amount: 4.5 },
    { duration: 2160, relocatable: false, amount: 12 },
    { duration: 8760, relocatable: false, amount: 42.99 },
  ],
}

function errorAnswer(status: number, error: string) {
  return HttpResponse.json({ error, message: error, details: {} }, { status })
}

export interface PaymentEngineOptions {
  /** Prices per currency; 'error' answers 500. */
  prices?: Partial<Record<'CNY' | 'USD', unknown[] | 'error'>>
  /** Refuse the order with this status and code. */
  orderError?: [number, string]
  payError?: [number, string]
  /** Seconds of the window left in the pay answer (the server's clock); absent when not given. */
  expiresIn?: number
  /** Holds the order's answer back until it settles. */
  orderDelay?: Promise<void>
}

export interface PaymentEngine {
  orders: { body: Record<string, unknown>; authorization: string | null }[]
  pays: Record<string, unknown>[]
  polls: string[]
  pricing: string[]
  /** What GET /api/payment/orders/{id} answers from now on. */
  status: string
}

export function servePaymentEngine({
  prices = VIP_PRICES,
  orderError,
  payError,
  expiresIn,
  orderDelay,
}: PaymentEngineOptions = {}): PaymentEngine {
  const engine: PaymentEngine = { orders: [], pays: [], polls: [], pricing: [], status: 'pending' }
  let next = 0
  server.use(
    http.get('/api/payment/pricing', ({ request }) => {
      const url = new URL(request.url)
      const currency = url.searchParams.get('currency') as 'CNY' | 'USD'
      engine.pricing.push(`${url.searchParams.get('product_type')}:${currency}`)
      const items = prices[currency]
      if (items === 'error') return errorAnswer(500, 'INTERNAL_ERROR')
      return HttpResponse.json({ data: { currency, items: items ?? [] } })
    }),
    http.post('/api/payment/orders', async ({ request }) => {
      engine.orders.push({
        body: (await request.json()) as Record<string, unknown>,
        authorization: request.headers.get('Authorization'),
      })
      if (orderDelay) await orderDelay
      if (orderError) return errorAnswer(...orderError)
      next += 1
      return HttpResponse.json(
        { id: `ord_${next}`, status: 'pending', amount: 30, currency: 'CNY', expiresAt: 1_900_000_000 },
        { status: 201 },
      )
    }),
    http.post('/api/payment/pay', async ({ request }) => {
      const body = (await request.json()) as { orderId: string; method: string }
      engine.pays.push(body)
      if (payError) return errorAnswer(...payError)
      return HttpResponse.json({
        payment_url: `https://pay.example.test/checkout/${body.orderId}`,
        ...(body.method === 'wechat' ? { qr_code: `weixin://wxpay/bizpayurl?pr=${body.orderId}` } : {}),
        expiresAt: 1_900_000_000,
        ...(expiresIn === undefined ? {} : { expiresIn }),
      })
    }),
    http.get('/api/payment/orders/:id', ({ params }) => {
      engine.polls.push(String(params.id))
      return HttpResponse.json({
        id: params.id,
        status: engine.status,
        state: engine.status,
        productType: 'vip',
        productId: 'vip',
        amount: 30,
        currency: 'CNY',
        method: 'wechat',
        createdAt: 1_750_000_000,
        paidAt: null,
        expiresAt: 1_750_000_480,
      })
    }),
  )
  return engine
}
