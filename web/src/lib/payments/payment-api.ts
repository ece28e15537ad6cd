// The payment engine's calls (docs/payments.md): prices, order, pay, one order, the caller's orders.
// Shared by every feature that sells something (VIP, the practice-server rental) and the orders page.
import { apiClient } from '../api-client'
import {
  createdOrderSchema,
  orderPageSchema,
  orderSchema,
  paymentStartSchema,
  pricingSchema,
  type CreatedOrder,
  type Currency,
  type Order,
  type OrderPage,
  type PaymentStart,
  type Pricing,
} from './payment-schemas'
import type { PaymentMethod } from './payment-methods'

/** The product types the engine sells. */
export type ProductType = 'vip' | 'server_rental'

/** GET /api/payment/pricing (public). */
export async function fetchPricing(productType: ProductType, currency: Currency, signal?: AbortSignal): Promise<Pricing> {
  const answer = await apiClient.get('/api/payment/pricing', {
    query: { product_type: productType, currency },
    token: 'none',
    schema: pricingSchema,
    signal,
  })
  return answer.data
}

export interface NewOrder {
  productType: ProductType
  productId: string
  currency: Currency
  /** The product's options; sent as JSON text, as the spec does. */
  options: Record<string, unknown>
}

/** POST /api/payment/orders. */
export function createOrder(order: NewOrder, signal?: AbortSignal): Promise<CreatedOrder> {
  return apiClient.post(
    '/api/payment/orders',
    {
      currency: order.currency,
      productType: order.productType,
      productId: order.productId,
      options: JSON.stringify(order.options),
    },
    { schema: createdOrderSchema, signal },
  )
}

/** POST /api/payment/pay: the link to pay at (and the QR payload for WeChat). */
export function startPayment(orderId: string, method: PaymentMethod, signal?: AbortSignal): Promise<PaymentStart> {
  return apiClient.post('/api/payment/pay', { orderId, method }, { schema: paymentStartSchema, signal })
}

/** GET /api/payment/orders/{id} (owner only). */
export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiClient.get(`/api/payment/orders/${encodeURIComponent(orderId)}`, { schema: orderSchema, signal })
}

/** GET /api/payment/orders?page=n: the caller's orders, newest first. */
export function fetchOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return apiClient.get('/api/payment/orders', { query: { page }, schema: orderPageSchema, signal })
}

export const paymentKeys = {
  all: ['payments'] as const,
  pricing: (productType: ProductType, currency: Currency) => ['payments', 'pricing', productType, currency] as const,
  orders: (page: number) => ['payments', 'orders', page] as const,
}
