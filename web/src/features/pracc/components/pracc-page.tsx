import { Swords } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function PraccPage() {
  const { t } = useTranslation('pracc')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Swords}>
      <ComingSoon />
    </PageFrame>
  )
}
