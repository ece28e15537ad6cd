import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import { fetchOrders, paymentKeys } from '@/lib/payments/payment-api'

/** One page of the caller's orders (newest first); the previous page stays shown while the next loads. */
export function useOrders(page: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.orders(page),
    queryFn: ({ signal }) => logged('Failed to fetch the orders', fetchOrders(page, signal)),
    enabled,
    placeholderData: keepPreviousData,
  })
}
