import { Trophy } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '@/components/ui/page-frame'
import { Spinner } from '@/components/ui/spinner'

// The router imports this page eagerly; the board (and the infinite-query code) loads only when the
// leaderboard is visited, keeping the main bundle as it was.
const LeaderboardBoard = lazy(async () => ({ default: (await import('./leaderboard-board')).LeaderboardBoard }))

/** The leaderboard screen (spec 001 §2.9): the heading at once, the board as its chunk arrives. */
export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Trophy}>
      <Suspense
        fallback={
          <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
            <Spinner />
            {t('loading')}
          </output>
        }
      >
        <LeaderboardBoard />
      </Suspense>
    </PageFrame>
  )
}
