import { AlertTriangle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { PaymentView } from '@/components/payments/payment-view'
import { useRentalErrorText } from '../hooks/use-rental-error-text'

/**
 * The shared payment view for a rental order: a refusal of the order that the rental explains itself
 * (a full region, too many servers, a name the backend refused, a server that cannot be renewed) is
 * shown in the rental's words, the way the payment view shows its own errors.
 */
export function RentalPaymentView(props: ComponentProps<typeof PaymentView>) {
  const { t } = useTranslation('payments')
  const rentalText = useRentalErrorText()
  const reason = props.state.phase === 'error' ? rentalText(props.state.error) : null
  if (reason === null) return <PaymentView {...props} />
  return (
    <div role="alert" className="flex items-start gap-2 rounded-xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-sm text-red-200">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('view.paymentError')}</p>
        <p className="mt-0.5 text-red-200/80">{reason}</p>
      </div>
    </div>
  )
}
