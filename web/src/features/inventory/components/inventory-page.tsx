import { Backpack } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

export function InventoryPage() {
  const { t } = useTranslation('inventory')
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Backpack}>
      <ComingSoon />
    </PageFrame>
  )
}
