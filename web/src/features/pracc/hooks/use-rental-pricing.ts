import { useQueries } from '@tanstack/react-query'
import { fetchPricing, paymentKeys } from '@/lib/payments/payment-api'
import { CURRENCIES, type Currency, type PriceItem } from '@/lib/payments/payment-schemas'

/**
 * The rental price table in both currencies (spec 001 §7: fetched when the new-server dialog or the
 * renew panel opens), so switching to or from PayPal shows the right price at once.
 */
export function useRentalPricing() {
  const pricing = useQueries({
    queries: CURRENCIES.map((currency) => ({
      queryKey: paymentKeys.pricing('server_rental', currency),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPricing('server_rental', currency, signal),
      // Opening the dialog asks again: prices may have changed since the last purchase.
      refetchOnMount: 'always' as const,
    })),
  })
  const prices: Partial<Record<Currency, PriceItem[]>> = {}
  CURRENCIES.forEach((currency, index) => {
    const items = pricing[index]?.data?.items
    if (items) prices[currency] = items
  })
  return {
    prices,
    loading: pricing.some((query) => query.isPending),
    error: pricing.find((query) => query.isError)?.error ?? null,
  }
}
