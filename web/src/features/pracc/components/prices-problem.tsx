import { useTranslation } from 'react-i18next'
import { useErrorText } from '@/lib/error-text'

type PricesProblemProps = { kind: 'noMethods' } | { kind: 'failed'; error: unknown }

/** No payment method is configured, or the price table could not be loaded. */
export function PricesProblem(props: PricesProblemProps) {
  const { t } = useTranslation('payments')
  const errorText = useErrorText('payments')
  if (props.kind === 'noMethods') {
    return (
      <p className="rounded-xl border border-white/10 bg-white/[0.03] px-4 py-6 text-center text-sm text-zinc-400">
        {t('checkout.noMethods')}
      </p>
    )
  }
  return (
    <p role="alert" className="text-sm text-red-300">
      {t('checkout.pricesFailed', { reason: errorText(props.error) })}
    </p>
  )
}
