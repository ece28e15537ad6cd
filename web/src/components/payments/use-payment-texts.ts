import { useTranslation } from 'react-i18next'
import { durationParts } from '@/lib/payments/durations'

/** Durations ("30 天", "1 year") and method names in the UI language. */
export function usePaymentTexts() {
  const { t } = useTranslation('payments')
  return {
    duration: (hours: number) => {
      const { unit, count } = durationParts(hours)
      return t(`durations.${unit}`, { count })
    },
    method: (method: string) =>
      method === 'alipay' || method === 'wechat' || method === 'paypal' ? t(`methods.${method}`) : method,
  }
}
