import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import type { UserEntry } from '../api/leaderboard-api'
import { useLanguage } from '@/lib/use-language'
import { formatRank } from '../model/format'
import { TABLE_COLUMNS, type LeaderboardMode } from '../model/modes'
import { StatList } from './stat-list'

interface PersonalStatsProps {
  /** The logged-in user's name, used until their entry names them. */
  username: string
  entry: UserEntry | null
  loading: boolean
  mode: LeaderboardMode
}

/** The logged-in player's own line on the current board (spec 001 §2.9). */
export function PersonalStats({ username, entry, loading, mode }: PersonalStatsProps) {
  const { t } = useTranslation('leaderboard')
  const language = useLanguage()
  return (
    <section
      aria-label={t('me.label')}
      className="flex flex-col gap-3 rounded-2xl border border-brand-500/25 bg-brand-500/[0.05] p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="text-xs font-semibold tracking-wide text-brand-300">{t('me.label')}</span>
        <span className="min-w-0 truncate font-semibold text-white">{entry?.nickname || username}</span>
        <span className="text-sm text-zinc-400">
          {t('me.rank')}{' '}
          <span data-testid="my-rank" className="font-mono font-bold text-zinc-100 tabular-nums">
            {formatRank(entry?.rank, language)}
          </span>
        </span>
      </div>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner className="size-4" />
          {t('me.loading')}
        </p>
      ) : entry ? (
        <StatList
          counters={entry}
          stats={TABLE_COLUMNS[mode]}
          mode={mode}
          size="sm"
          className="grid-cols-2 sm:grid-cols-4 xl:grid-cols-8"
        />
      ) : (
        <p className="text-sm text-zinc-400">{t('me.noStats')}</p>
      )}
    </section>
  )
}
