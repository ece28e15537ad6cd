import { CircleHelp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function FaqPage() {
  const { t } = useTranslation('faq')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={CircleHelp}>
      <ComingSoon />
    </PageFrame>
  )
}
