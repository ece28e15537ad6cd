import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { choiceClasses } from './choice-classes'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import { totalLabel, type Total } from '@/lib/payments/pricing'
import { usePaymentTexts } from './use-payment-texts'

interface MethodChoiceProps {
  methods: readonly PaymentMethod[]
  value: PaymentMethod | null
  onChange: (method: PaymentMethod) => void
}

/** The payment methods as radio buttons (arrow keys move between them). */
export function MethodChoice({ methods, value, onChange }: MethodChoiceProps) {
  const { t } = useTranslation('payments')
  const texts = usePaymentTexts()
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-zinc-200">{t('checkout.method')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {methods.map((method) => (
          <label key={method} className={choiceClasses(value === method)}>
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-4 accent-brand-500"
            />
            {texts.method(method)}
          </label>
        ))}
      </div>
      {methods.includes('paypal') && <p className="text-xs text-zinc-400">{t('checkout.paypalCurrency')}</p>}
    </fieldset>
  )
}

/** The total: '-' until chosen, 'Error' when no price matches, else "¥30.00" (spec 001 §4). */
export function TotalPrice({ total }: { total: Total }) {
  const { t } = useTranslation('payments')
  const labelId = useId()
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-baseline gap-2">
        <span id={labelId} className="text-sm text-zinc-400">
          {t('checkout.total')}
        </span>
        <output
          aria-labelledby={labelId}
          aria-live="polite"
          data-testid="total-price"
          className={cn('text-xl font-bold tabular-nums', total.kind === 'error' ? 'text-red-300' : 'text-white')}
        >
          {totalLabel(total, t('checkout.totalError'))}
        </output>
      </p>
      {total.kind === 'error' && <p className="text-xs text-red-300">{t('checkout.invalidPrice')}</p>}
    </div>
  )
}
