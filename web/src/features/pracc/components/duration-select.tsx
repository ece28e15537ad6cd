import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { usePaymentTexts } from '@/components/payments/use-payment-texts'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import { methodAllowsDuration } from '@/lib/payments/pricing'
import { RENTAL_DURATIONS } from '../model/rental'

interface DurationSelectProps {
  value: number
  method: PaymentMethod | null
  onChange: (hours: number) => void
}

/** The rental duration; with PayPal the durations under 7 days cannot be chosen (spec 001 §4). */
export function DurationSelect({ value, method, onChange }: DurationSelectProps) {
  const { t } = useTranslation('payments')
  const texts = usePaymentTexts()
  const id = useId()
  const paypalLimited = RENTAL_DURATIONS.some((hours) => !methodAllowsDuration(method, hours))
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {t('checkout.duration')}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-describedby={paypalLimited ? `${id}-hint` : undefined}
          className="focus-ring h-10 w-full cursor-pointer appearance-none rounded-lg border border-white/10 bg-ink-900 pr-9 pl-3 text-sm text-zinc-100 hover:border-white/20"
        >
          {RENTAL_DURATIONS.map((hours) => (
            <option key={hours} value={hours} disabled={!methodAllowsDuration(method, hours)}>
              {texts.duration(hours)}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500" />
      </div>
      {paypalLimited && (
        <p id={`${id}-hint`} className="text-xs text-zinc-400">
          {t('checkout.paypalMinimum')}
        </p>
      )}
    </div>
  )
}
