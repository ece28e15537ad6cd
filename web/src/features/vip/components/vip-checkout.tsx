import { CheckCircle2 } from 'lucide-react'
import { useQueries } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MethodChoice, TotalPrice } from '@/components/payments/checkout-parts'
import { choiceClasses } from '@/components/payments/choice-classes'
import { PaymentView } from '@/components/payments/payment-view'
import { usePaymentTexts } from '@/components/payments/use-payment-texts'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAppConfig } from '@/lib/config/config-context'
import { useErrorText } from '@/lib/error-text'
import { fetchPricing, paymentKeys } from '@/lib/payments/payment-api'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import type { Currency, PriceItem } from '@/lib/payments/payment-schemas'
import {
  currencyFor,
  durationForMethod,
  findPrice,
  formatAmount,
  methodAllowsDuration,
  totalPrice,
} from '@/lib/payments/pricing'
import { paymentBusy, usePayment } from '@/lib/payments/use-payment'
import { VIP_DEFAULT_HOURS, vipPlans } from '../model/vip-plans'

interface VipCheckoutProps {
  /** The order is paid: refresh and announce the VIP status. */
  onPaid: () => void
  /** Closes the dialog (the button of the success step). */
  onDone: () => void
}

const CURRENCIES: Currency[] = ['CNY', 'USD']

/**
 * The portal's own VIP checkout (issue 14): a plan (30 days, 90 days, 1 year), a payment method
 * with the PayPal rule, the total, then the shared payment view. Lives inside the self-pay dialog,
 * so closing the dialog ends it (timers and all).
 */
export function VipCheckout({ onPaid, onDone }: VipCheckoutProps) {
  const { t } = useTranslation(['vip', 'payments'])
  const texts = usePaymentTexts()
  const errorText = useErrorText('payments')
  const { payments } = useAppConfig()
  const [chosenHours, setHours] = useState<number>(VIP_DEFAULT_HOURS)
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const { state, start, reset } = usePayment({ onPaid })
  const durationName = useId()

  const pricing = useQueries({
    queries: CURRENCIES.map((currency) => ({
      queryKey: paymentKeys.pricing('vip', currency),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPricing('vip', currency, signal),
    })),
  })
  const prices: Partial<Record<Currency, PriceItem[]>> = {}
  CURRENCIES.forEach((currency, index) => {
    const items = pricing[index]?.data?.items
    if (items) prices[currency] = items
  })
  const loading = pricing.some((query) => query.isPending)
  const failed = pricing.find((query) => query.isError)
  const plans = vipPlans(Object.values(prices).flat())
  // The default month stands unless the price table has no such plan.
  const hours = plans.length > 0 && !plans.includes(chosenHours) ? (plans[0] ?? chosenHours) : chosenHours
  const total = totalPrice({ hours, method, prices })
  const busy = paymentBusy(state)
  const shownCurrency = currencyFor(method ?? 'alipay')

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next)
    setHours(durationForMethod(next, hours))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || method === null || total.kind !== 'price') return
    start({
      method,
      order: {
        productType: 'vip',
        productId: 'vip',
        currency: total.currency,
        options: { duration: hours, paymentMethod: method },
      },
    })
  }

  if (payments.methods.length === 0) {
    return <p className="rounded-xl border border-white/10 bg-white/[0.03] px-4 py-6 text-center text-sm text-zinc-400">{t('payDialog.notConfigured')}</p>
  }

  const formShown = state.phase === 'idle' || state.phase === 'starting' || state.phase === 'error'

  return (
    <div className="flex flex-col gap-5">
      {formShown ? (
        <form onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy}>
          <fieldset disabled={busy} className="flex flex-col gap-5">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-zinc-200">{t('payments:checkout.duration')}</legend>
              {loading && plans.length === 0 ? (
                <output className="flex items-center gap-2 text-sm text-zinc-400">
                  <Spinner className="size-4" />
                  {t('payments:checkout.pricesLoading')}
                </output>
              ) : (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                  {plans.map((plan) => {
                    const allowed = methodAllowsDuration(method, plan)
                    const price = findPrice(prices[shownCurrency] ?? [], plan)
                    return (
                      <label key={plan} className={choiceClasses(hours === plan, !allowed)}>
                        <input
                          type="radio"
                          name={durationName}
                          value={plan}
                          checked={hours === plan}
                          disabled={!allowed}
                          onChange={() => setHours(plan)}
                          className="size-4 accent-brand-500"
                        />
                        <span className="flex flex-col">
                          <span className="font-semibold">{texts.duration(plan)}</span>
                          {price && (
                            <span className="text-xs text-zinc-400 tabular-nums">{formatAmount(price.amount, shownCurrency)}</span>
                          )}
                          {!allowed && <span className="text-xs text-zinc-400">{t('payments:checkout.paypalMinimum')}</span>}
                        </span>
                      </label>
                    )
                  })}
                </div>
              )}
              {failed && (
                <p role="alert" className="text-sm text-red-300">
                  {t('payments:checkout.pricesFailed', { reason: errorText(failed.error) })}
                </p>
              )}
            </fieldset>
            <MethodChoice methods={payments.methods} value={method} onChange={chooseMethod} />
            <div className="flex flex-wrap items-end justify-between gap-3 border-t border-white/[0.07] pt-4">
              <TotalPrice total={loading && method !== null ? { kind: 'unset' } : total} />
              <Button type="submit" size="lg" disabled={busy || total.kind !== 'price'}>
                {t('payments:checkout.submit')}
              </Button>
            </div>
          </fieldset>
        </form>
      ) : (
        method !== null && (
          <p className="text-center text-sm text-zinc-400">
            {texts.duration(hours)} · {texts.method(method)}
            {total.kind === 'price' && ` · ${formatAmount(total.item.amount, total.currency)}`}
          </p>
        )
      )}
      <PaymentView
        state={state}
        onRetry={reset}
        success={
          <output className="flex flex-col items-center gap-3 py-4 text-center">
            <CheckCircle2 className="size-12 text-signal-400" aria-hidden="true" />
            <p className="text-lg font-bold text-white">{t('payDialog.paidTitle')}</p>
            <p className="text-sm text-zinc-300">{t('payDialog.paidBody')}</p>
            <Button onClick={onDone}>{t('payDialog.done')}</Button>
          </output>
        }
      />
    </div>
  )
}
