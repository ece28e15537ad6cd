import { Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function VipPage() {
  const { t } = useTranslation('vip')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Crown}>
      <ComingSoon />
    </PageFrame>
  )
}
