import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'

/** Shown while a lazily loaded page arrives. */
export function RouteFallback() {
  const { t } = useTranslation('common')
  return (
    <output data-testid="route-fallback" className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
      <Spinner />
      {t('status.loading')}
    </output>
  )
}
