import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'

/**
 * "Dedicated" (recommended, the one on offer) and "training" (coming soon, not selectable) (spec 001
 * §2.3). Only one tab can be chosen, so the tab list is a label for the panel below.
 */
export function ServerTypeTabs({ panelId }: { panelId: string }) {
  const { t } = useTranslation('pracc-servers')
  const tab = 'inline-flex min-h-10 items-center gap-2 rounded-t-lg border-b-2 px-3 text-sm font-semibold'
  return (
    <div role="tablist" aria-label={t('newServer.tabsLabel')} className="flex gap-1 border-b border-white/10">
      <button type="button" role="tab" aria-selected="true" aria-controls={panelId} id={`${panelId}-tab`} className={cn(tab, 'focus-ring border-brand-400 text-white')}>
        {t('newServer.dedicated')}
        <span className="rounded-full bg-brand-500/15 px-2 py-0.5 text-[11px] text-brand-300">{t('newServer.recommendedBadge')}</span>
      </button>
      <button type="button" role="tab" aria-selected="false" aria-disabled="true" tabIndex={-1} className={cn(tab, 'cursor-not-allowed border-transparent text-zinc-500')}>
        {t('newServer.training')}
        <span className="rounded-full bg-white/[0.06] px-2 py-0.5 text-[11px] text-zinc-400">{t('newServer.comingSoon')}</span>
      </button>
    </div>
  )
}
