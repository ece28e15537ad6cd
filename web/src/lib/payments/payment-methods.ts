// The payment methods the web knows, apart from the payment schemas (payment-schemas.ts): the
// configuration (lib/config, in the entry) checks its list against them, and importing them from
// the schemas' module kept every zod schema of the payment API in every route's first load.

export const PAYMENT_METHODS = ['alipay', 'wechat', 'paypal'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value)
}
