// Shapes of the /api/payment/* answers (docs/payments.md, spec 001 §3 and §7). Amounts are numbers in
// major units with at most 2 decimals; fields the web does not need are lenient.
import * as z from 'zod/mini'

export const CURRENCIES = ['CNY', 'USD'] as const
export type Currency = (typeof CURRENCIES)[number]

/** What the web reads of an order (`paid` is the terminal value the payment view waits for). */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded', 'review'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const currency = z.catch(z.string(), 'CNY')
/** A time as the backend may send it: unix seconds, milliseconds or an ISO text; null when absent. */
const time = z.catch(z.nullish(z.union([z.number(), z.string()])), null)
const optionalText = z.catch(z.nullish(z.string()), null)

export const priceItemSchema = z.object({
  duration: z.number(),
  relocatable: z.catch(z.boolean(), false),
  amount: z.number(),
})
export type PriceItem = z.infer<typeof priceItemSchema>

export const pricingSchema = z.object({
  data: z.object({ currency, items: z.array(priceItemSchema) }),
})
export type Pricing = z.infer<typeof pricingSchema>['data']

export const createdOrderSchema = z.object({
  id: z.string().check(z.minLength(1)),
  status: z.catch(z.string(), 'pending'),
  amount: z.catch(z.optional(z.number()), undefined),
  currency: z.catch(z.optional(z.string()), undefined),
  expiresAt: time,
})
export type CreatedOrder = z.infer<typeof createdOrderSchema>

export const paymentStartSchema = z.object({
  payment_url: z.string().check(z.minLength(1)),
  qr_code: optionalText,
  expiresAt: time,
  /** Seconds of the payment window left, by the server's clock. */
  expiresIn: z.catch(z.optional(z.number()), undefined),
})
export type PaymentStart = z.infer<typeof paymentStartSchema>

export const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  state: optionalText,
  productType: z.catch(z.string(), ''),
  productId: z.catch(z.string(), ''),
  amount: z.catch(z.nullish(z.number()), null),
  currency,
  method: optionalText,
  createdAt: time,
  paidAt: time,
  expiresAt: time,
})
export type Order = z.infer<typeof orderSchema>

export const orderPageSchema = z.object({
  data: z.array(orderSchema),
  page: z.catch(z.number(), 1),
  pageSize: z.catch(z.number(), 20),
  total: z.catch(z.number(), 0),
})
export type OrderPage = z.infer<typeof orderPageSchema>
