// The console's price table (docs/console.md "Money"): one row per product, duration, tier and
// currency; amounts in integer minor units.
import * as z from 'zod/mini'
import { apiClient, apiRequest } from '@/lib/api-client'
import type { PriceBody, PriceKey } from './price-form'

export const priceSchema = z.object({
  product_type: z.string(),
  duration: z.number(),
  relocatable: z.catch(z.boolean(), false),
  currency: z.string(),
  amount_minor: z.number(),
  updated_at: z.catch(z.optional(z.nullable(z.number())), undefined),
})
export type ConsolePrice = z.infer<typeof priceSchema>

const pricesAnswer = z.pipe(
  z.union([z.array(priceSchema), z.object({ items: z.array(priceSchema) })]),
  z.transform((raw): ConsolePrice[] => (Array.isArray(raw) ? raw : raw.items)),
)

export const priceKeys = { list: (productType: string) => ['console', 'prices', productType] as const, all: ['console', 'prices'] as const }

export function fetchPrices(productType: string, signal?: AbortSignal): Promise<ConsolePrice[]> {
  return apiClient.get('/api/console/prices', {
    query: { product_type: productType || undefined, page_size: 100 },
    schema: pricesAnswer,
    signal,
  })
}

export const savePrice = (body: PriceBody) => apiClient.put('/api/console/prices', body)

/** DELETE with the key fields in the body, as PUT takes them. */
export const deletePrice = (key: PriceKey) => apiRequest('/api/console/prices', { method: 'DELETE', body: key })
