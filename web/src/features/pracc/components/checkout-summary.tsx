import { usePaymentTexts } from '@/components/payments/use-payment-texts'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import { formatAmount, type Total } from '@/lib/payments/pricing'

/** What is being paid for, shown above the payment view while the form is put away. */
export function CheckoutSummary({ hours, method, total }: { hours: number; method: PaymentMethod | null; total: Total }) {
  const texts = usePaymentTexts()
  if (method === null) return null
  return (
    <p className="text-center text-sm text-zinc-400">
      {texts.duration(hours)} · {texts.method(method)}
      {total.kind === 'price' && ` · ${formatAmount(total.item.amount, total.currency)}`}
    </p>
  )
}
