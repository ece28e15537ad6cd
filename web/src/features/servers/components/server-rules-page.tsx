import { ArrowLeft, ScrollText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { buttonClasses } from '@/components/ui/button-classes'
import { PageFrame } from '@/components/ui/page-frame'
import { useFromSearch } from '@/lib/navigation'
import { Link } from '@/components/ui/link'

const RULES = [
  'noCheating',
  'respect',
  'noSpam',
  'noTeamKilling',
  'englishMainChat',
  'listenToAdmins',
  'noMicSpam',
  'noOffensiveLanguage',
] as const

/** The eight generic server rules (spec 000 §2.7) and a link back to the details. */
export function ServerRulesPage() {
  const { t } = useTranslation('servers-extra')
  const { serverId = '' } = useParams()
  const from = useFromSearch()
  return (
    <PageFrame title={t('rules.title')} description={t('rules.description')} icon={ScrollText}>
      <ol aria-label={t('rules.listLabel')} className="grid gap-3 sm:grid-cols-2">
        {RULES.map((rule, index) => (
          <li key={rule} className="flex gap-4 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-5">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-lg border border-brand-500/30 bg-brand-500/10 font-mono text-sm font-bold text-brand-300"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-white">{t(`rules.items.${rule}.title`)}</p>
              <p className="mt-1 text-sm text-zinc-400">{t(`rules.items.${rule}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
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
