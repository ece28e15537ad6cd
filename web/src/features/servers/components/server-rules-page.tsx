import { ArrowLeft, ScrollText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { buttonClasses } from '@/components/ui/button-classes'
import { PageFrame } from '@/components/ui/page-frame'
import { useFromSearch } from '@/lib/navigation'

export function ServerRulesPage() {
  const { t } = useTranslation('servers')
  const { serverId = '' } = useParams()
  const from = useFromSearch()
  return (
    <PageFrame title={t('rules.title')} description={t('rules.description')} icon={ScrollText}>
      <Link
        to={{ pathname: `/servers/details/${encodeURIComponent(serverId)}`, search: from }}
        className={buttonClasses('secondary', 'md', 'self-start')}
      >
        <ArrowLeft aria-hidden="true" />
        {t('rules.back')}
      </Link>
    </PageFrame>
  )
}
