import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MethodChoice } from '@/components/payments/checkout-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useAppConfig } from '@/lib/config/config-context'
import { useRentalCheckout } from '../hooks/use-rental-checkout'
import { praccKeys } from '../api/pracc-keys'
import { renewOrder } from '../model/rental'
import { CheckoutFooter } from './checkout-footer'
import { CheckoutSummary } from './checkout-summary'
import { DurationSelect } from './duration-select'
import { PricesProblem } from './prices-problem'
import { RentalPaymentView } from './rental-payment-view'
import type { ServerDialogProps } from './server-dialog-props'

/** Renew (spec 001 §2.4, §4): duration (1 month by default), method, price, then the payment view. */
export function RenewDialog({ server, onClose }: ServerDialogProps) {
  const { t } = useTranslation('pracc-servers')
  const { payments } = useAppConfig()
  const queryClient = useQueryClient()
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: praccKeys.servers })
  const checkout = useRentalCheckout({ relocatable: server.relocatable, onPaid: refreshList })
  const { hours, method, total, payment } = checkout

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (checkout.busy || method === null || total.kind !== 'price') return
    payment.start({ method, order: renewOrder({ instanceId: server.id, hours, method, relocatable: server.relocatable }) })
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('renew.title')}
      description={t('renew.description', { name: server.name })}
      size="md"
    >
      {payments.methods.length === 0 ? (
        <PricesProblem kind="noMethods" />
      ) : (
        <div className="flex flex-col gap-5">
          {checkout.formShown ? (
            <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={checkout.busy}>
              <fieldset disabled={checkout.busy} className="flex flex-col gap-5">
                <DurationSelect value={hours} method={method} onChange={checkout.setHours} />
                <MethodChoice methods={payments.methods} value={method} onChange={checkout.chooseMethod} />
                {checkout.pricesError !== null && <PricesProblem kind="failed" error={checkout.pricesError} />}
                <CheckoutFooter total={total} payment={payment.state} ready={method !== null} onRetry={payment.reset} />
              </fieldset>
            </form>
          ) : (
            <CheckoutSummary hours={hours} method={method} total={total} />
          )}
          <RentalPaymentView
            state={payment.state}
            onRetry={payment.reset}
            success={
              <output className="flex flex-col items-center gap-3 py-4 text-center">
                <CheckCircle2 className="size-12 text-signal-400" aria-hidden="true" />
                <p className="text-lg font-bold text-white">{t('renew.paidTitle')}</p>
                <p className="text-sm text-zinc-300">{t('renew.paidBody', { name: server.name })}</p>
                <Button onClick={onClose}>{t('renew.done')}</Button>
              </output>
            }
          />
        </div>
      )}
    </Dialog>
  )
}
