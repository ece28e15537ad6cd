import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Trophy}>
      <ComingSoon />
    </PageFrame>
  )
}
