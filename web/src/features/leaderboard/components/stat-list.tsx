import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { useLanguage } from '@/lib/use-language'
import { formatStat } from '../model/format'
import type { LeaderboardMode, StatKey } from '../model/modes'
import type { PlayerCounters } from '../model/stats'

interface StatListProps {
  counters: PlayerCounters
  stats: readonly StatKey[]
  mode: LeaderboardMode
  className?: string
  /** Wider, brighter values (cards and the dialog) or compact ones (mobile rows). */
  size?: 'sm' | 'md'
}

/** Stats as label and value pairs. */
export function StatList({ counters, stats, mode, className, size = 'md' }: StatListProps) {
  const { t } = useTranslation('leaderboard')
  const language = useLanguage()
  return (
    <dl className={cn('grid gap-2', className)}>
      {stats.map((stat) => (
        <div key={stat} className="flex min-w-0 flex-col rounded-lg bg-white/[0.03] px-2.5 py-1.5">
          <dt className="text-[0.7rem] leading-tight text-zinc-400">{t(`columns.${stat}`)}</dt>
          <dd
            data-stat={stat}
            className={cn('font-mono font-semibold text-zinc-100 tabular-nums', size === 'md' ? 'text-base' : 'text-sm')}
          >
            {formatStat(counters, stat, mode, language)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
