// The console's order calls (docs/console.md "Money"): the list, one order with its history, refund
// and release. Fields the list may omit are optional so a missing one shows empty, not an error.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

const optionalText = z.catch(z.optional(z.nullable(z.string())), undefined)
const optionalTime = z.catch(z.optional(z.nullable(z.number())), undefined)

export const consoleOrderSchema = z.object({
  id: z.string(),
  state: z.string(),
  status: optionalText,
  product_type: z.catch(z.string(), ''),
  product_id: optionalText,
  duration: z.catch(z.optional(z.nullable(z.number())), undefined),
  relocatable: z.catch(z.optional(z.nullable(z.boolean())), undefined),
  method: z.catch(z.string(), ''),
  amount_minor: z.number(),
  currency: z.string(),
  steam_id: optionalText,
  email: optionalText,
  name: optionalText,
  created_at: z.number(),
  paid_at: optionalTime,
  refunded_at: optionalTime,
})
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>

export const orderEventSchema = z.object({
  at: z.number(),
  kind: z.catch(z.string(), ''),
  from_state: optionalText,
  to_state: optionalText,
  actor: optionalText,
  details: z.catch(z.optional(z.unknown()), undefined),
})
export type OrderEvent = z.infer<typeof orderEventSchema>

export const orderDetailSchema = z.object({
  ...consoleOrderSchema.shape,
  events: z.catch(z.array(orderEventSchema), []),
})
export type OrderDetail = z.infer<typeof orderDetailSchema>

export const ORDER_FILTERS = ['state', 'method', 'product_type', 'from', 'to'] as const
export const ORDER_STATES = ['created', 'awaiting_payment', 'paid', 'fulfilled', 'expired', 'failed', 'refunded', 'held'] as const

export const orderKeys = {
  detail: (id: string) => ['console', 'order', id] as const,
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiClient.get(`/api/console/orders/${encodeURIComponent(id)}`, { schema: orderDetailSchema, signal })
}

export function refundOrder(id: string, reason: string): Promise<unknown> {
  return apiClient.post(`/api/console/orders/${encodeURIComponent(id)}/refund`, { reason })
}

export function releaseOrder(id: string, reason: string): Promise<unknown> {
  return apiClient.post(`/api/console/orders/${encodeURIComponent(id)}/release`, { reason })
}

/** Refund is for money actually taken; release only for a held payment (docs/payments.md). */
export function orderActions(state: string): { refund: boolean; release: boolean } {
  return { refund: ['paid', 'fulfilled', 'held'].includes(state), release: state === 'held' }
}
