import { Link2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

/** /auth/steam/bind/callback: Steam account binding returns here. */
export function SteamBindCallbackPage() {
  const { t } = useTranslation('auth')
  return (
    <PageFrame title={t('bindCallback.title')} description={t('bindCallback.description')} icon={Link2}>
      <ComingSoon />
    </PageFrame>
  )
}
