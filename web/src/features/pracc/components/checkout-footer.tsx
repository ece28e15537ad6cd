import { RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { TotalPrice } from '@/components/payments/checkout-parts'
import { Button } from '@/components/ui/button'
import type { Total } from '@/lib/payments/pricing'
import type { PaymentState } from '@/lib/payments/use-payment'
import { isTimeoutError } from '../model/server-errors'

interface CheckoutFooterProps {
  total: Total
  payment: PaymentState
  /** Everything the order needs is chosen and valid. */
  ready: boolean
  onRetry: () => void
}

/**
 * The total and the submit button of a rental form; a failure whose error speaks of a timeout gets a
 * retry in the submit button's place, which resets the payment (spec 001 §2.3).
 */
export function CheckoutFooter({ total, payment, ready, onRetry }: CheckoutFooterProps) {
  const { t } = useTranslation(['pracc-servers', 'payments'])
  const timedOut = payment.phase === 'error' && isTimeoutError(payment.error)
  const busy = payment.phase === 'starting'
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <TotalPrice total={total} />
      {timedOut ? (
        <Button size="lg" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {t('newServer.retry')}
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={busy || !ready || total.kind !== 'price'}>
          {t('payments:checkout.submit')}
        </Button>
      )}
    </div>
  )
}
