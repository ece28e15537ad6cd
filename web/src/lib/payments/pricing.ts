// The price rules every checkout shares (spec 001 §4 and §9): the currency follows the method (USD
// for PayPal, CNY otherwise), PayPal needs at least 168 hours, a price item must match the duration
// and region flag, and the total reads '-' until chosen, 'Error' when nothing matches, else the
// currency symbol and the amount with 2 decimals.
import { groupedFixed } from '../format'
import type { PaymentMethod } from './payment-methods'
import type { Currency, PriceItem } from './payment-schemas'

/** PayPal refuses shorter durations (spec 001 §9). */
export const PAYPAL_MIN_HOURS = 168

export function currencyFor(method: PaymentMethod): Currency {
  return method === 'paypal' ? 'USD' : 'CNY'
}

/** Whether `method` may pay for `hours`. */
export function methodAllowsDuration(method: PaymentMethod | null, hours: number): boolean {
  return method !== 'paypal' || hours >= PAYPAL_MIN_HOURS
}

/** The duration to keep once `method` is chosen: PayPal forces 7 days over anything shorter. */
export function durationForMethod(method: PaymentMethod | null, hours: number): number {
  return methodAllowsDuration(method, hours) ? hours : PAYPAL_MIN_HOURS
}

export function findPrice(items: readonly PriceItem[], hours: number, relocatable = false): PriceItem | null {
  return items.find((item) => item.duration === hours && item.relocatable === relocatable) ?? null
}

const SYMBOLS: Record<Currency, string> = { CNY: '¥', USD: '$' }

/** "¥30.00", "$4.50", "¥1,234.00"; an unknown currency keeps its code. */
export function formatAmount(amount: number, currency: string): string {
  const symbol = SYMBOLS[currency as Currency] ?? `${currency} `
  const number = groupedFixed(amount, 2)
  return `${symbol}${number}`
}

export interface TotalInput {
  hours: number | null
  method: PaymentMethod | null
  relocatable?: boolean
  /** Price items per currency (undefined while loading or failed). */
  prices: Partial<Record<Currency, readonly PriceItem[]>>
}

export type Total = { kind: 'unset' } | { kind: 'error' } | { kind: 'price'; item: PriceItem; currency: Currency }

export function totalPrice({ hours, method, relocatable = false, prices }: TotalInput): Total {
  if (hours === null || method === null) return { kind: 'unset' }
  const currency = currencyFor(method)
  const item = methodAllowsDuration(method, hours) ? findPrice(prices[currency] ?? [], hours, relocatable) : null
  return item ? { kind: 'price', item, currency } : { kind: 'error' }
}

/** The total as shown: '-', 'Error' (the given text) or "¥30.00". */
export function totalLabel(total: Total, errorLabel = 'Error'): string {
  if (total.kind === 'unset') return '-'
  if (total.kind === 'error') return errorLabel
  return formatAmount(total.item.amount, total.currency)
}
