import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '@/components/ui/page-frame'
import { LeaderboardBoard } from './leaderboard-board'

/**
 * The leaderboard screen (spec 001 §2.9). The page is a lazy chunk of its own (app/routing), board
 * included: a board in a further chunk cost a round trip before its first request (issue 17).
 */
export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Trophy}>
      <LeaderboardBoard />
    </PageFrame>
  )
}
