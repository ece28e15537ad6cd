import { ArrowLeft, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button-classes'
import { PageFrame } from '@/components/ui/page-frame'
import { useFromSearch } from '@/lib/navigation'

export function ServerDetailsPage() {
  const { t } = useTranslation('servers')
  const from = useFromSearch()
  return (
    <PageFrame title={t('details.title')} description={t('details.description')} icon={Info}>
      <Link to={{ pathname: '/servers', search: from }} className={buttonClasses('secondary', 'md', 'self-start')}>
        <ArrowLeft aria-hidden="true" />
        {t('details.back')}
      </Link>
    </PageFrame>
  )
}
