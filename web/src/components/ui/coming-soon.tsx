import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from './empty-state'

/** The honest placeholder of an area whose content has not been built yet. */
export function ComingSoon() {
  const { t } = useTranslation('common')
  return <EmptyState icon={Construction} title={t('placeholder.title')} body={t('placeholder.body')} />
}
