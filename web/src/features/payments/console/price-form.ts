// The price editor's form: what the operator typed, checked here for quick feedback (the server checks
// the same) and turned into PUT /api/console/prices' body.
import { parseMajorAmount } from './money-input'

export const PRODUCT_TYPES = ['server_rental', 'vip'] as const
export const CURRENCIES = ['CNY', 'USD'] as const
/** The durations the server takes (spec 001 §3: 4h, 8h, 3d, 7d, 1m, 3m, 1y in hours). */
export const PRICE_DURATIONS = [4, 8, 72, 168, 720, 2160, 8760] as const

export interface PriceKey {
  product_type: string
  duration: number
  relocatable: boolean
  currency: string
}

export interface PriceBody extends PriceKey {
  amount_minor: number
}

export interface PriceForm {
  productType: string
  duration: string
  relocatable: boolean
  currency: string
  amount: string
}

export type PriceFormProblem = 'durationInvalid' | 'amountInvalid'

export type PriceFormResult = { ok: true; body: PriceBody } | { ok: false; problems: Partial<Record<'duration' | 'amount', PriceFormProblem>> }

export function readPriceForm(form: PriceForm): PriceFormResult {
  const problems: Partial<Record<'duration' | 'amount', PriceFormProblem>> = {}
  const duration = /^\d+$/.test(form.duration.trim()) ? Number(form.duration.trim()) : NaN
  if (!(PRICE_DURATIONS as readonly number[]).includes(duration)) problems.duration = 'durationInvalid'
  const amount = parseMajorAmount(form.amount)
  if (amount === null) problems.amount = 'amountInvalid'
  if (problems.duration || problems.amount || amount === null) return { ok: false, problems }
  return {
    ok: true,
    body: {
      product_type: form.productType,
      duration,
      // Only a rental has tiers: a VIP price is never relocatable.
      relocatable: form.productType === 'server_rental' && form.relocatable,
      currency: form.currency,
      amount_minor: amount,
    },
  }
}

/** The key fields of a price: DELETE /api/console/prices takes exactly these. */
export function priceKeyOf(price: PriceKey): PriceKey {
  return {
    product_type: price.product_type,
    duration: price.duration,
    relocatable: price.relocatable,
    currency: price.currency,
  }
}
