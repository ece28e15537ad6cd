import { Server } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function ServersPage() {
  const { t } = useTranslation('servers')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Server}>
      <ComingSoon />
    </PageFrame>
  )
}
