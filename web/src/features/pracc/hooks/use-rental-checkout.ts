import { useState } from 'react'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import { durationForMethod, totalPrice, type Total } from '@/lib/payments/pricing'
import { paymentBusy, usePayment } from '@/lib/payments/use-payment'
import { DEFAULT_RENTAL_HOURS } from '../model/rental'
import { useRentalPricing } from './use-rental-pricing'

interface RentalCheckoutOptions {
  /** The price's region flag; null until the buyer has chosen a region mode. */
  relocatable: boolean | null
  onPaid?: () => void
}

/**
 * What the new-server and renew dialogs share (spec 001 §4): the duration (1 month by default), the
 * payment method with the PayPal rule (choosing PayPal moves anything under 7 days to 7 days), the
 * total ('-' until duration, region mode and method are chosen) and the payment itself.
 */
export function useRentalCheckout({ relocatable, onPaid }: RentalCheckoutOptions) {
  const pricing = useRentalPricing()
  const [hours, setHours] = useState<number>(DEFAULT_RENTAL_HOURS)
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const payment = usePayment({ onPaid })

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next)
    setHours((current) => durationForMethod(next, current))
  }

  const total: Total =
    relocatable === null || (pricing.loading && method !== null)
      ? { kind: 'unset' }
      : totalPrice({ hours, method, relocatable, prices: pricing.prices })

  return {
    hours,
    setHours,
    method,
    chooseMethod,
    total,
    pricesLoading: pricing.loading,
    pricesError: pricing.error,
    payment,
    busy: paymentBusy(payment.state),
    /** The form is on screen: nothing is being paid, or the last try failed. */
    formShown: payment.state.phase === 'idle' || payment.state.phase === 'starting' || payment.state.phase === 'error',
  }
}
