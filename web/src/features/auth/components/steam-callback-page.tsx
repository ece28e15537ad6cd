import { LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

/** /auth/steam/callback: Steam login returns here. */
export function SteamCallbackPage() {
  const { t } = useTranslation('auth')
  return (
    <PageFrame title={t('steamCallback.title')} description={t('steamCallback.description')} icon={LogIn}>
      <ComingSoon />
    </PageFrame>
  )
}
