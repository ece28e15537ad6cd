import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { DESKTOP_MEDIA_QUERY } from '@/lib/constants'
import { useMediaQuery } from '@/lib/use-media-query'
import { usePrivileges } from '../hooks/use-privileges'
import type { Privilege } from '../model/privilege-access'
import { enabledGroups } from '../model/user-groups'
import { PrivilegeDetailsDialog } from './privilege-details-dialog'
import { PrivilegeLegend } from './privilege-legend'
import { PrivilegeTable } from './privilege-table'

/** The privilege comparison below the options: heading, legend, then the table once loaded. */
export function PrivilegeComparison() {
  const { t } = useTranslation('vip')
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY)
  const { privileges, loading } = usePrivileges()
  const groups = useMemo(() => enabledGroups(), [])
  const [details, setDetails] = useState<Privilege | null>(null)
  const titleId = useId()
  // The dialog belongs to the narrow layout: widening the window closes it.
  if (desktop && details) setDetails(null)

  return (
    <section aria-labelledby={titleId} aria-busy={loading} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-white">
            {t('privileges.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            {desktop ? t('privileges.descriptionDesktop') : t('privileges.descriptionMobile')}
          </p>
        </div>
        <PrivilegeLegend />
      </div>
      {loading ? (
        <output className="flex items-center justify-center gap-3 rounded-2xl border border-white/[0.07] bg-ink-850/80 py-16 text-sm text-zinc-400">
          <Spinner />
          {t('privileges.loading')}
        </output>
      ) : (
        <PrivilegeTable privileges={privileges} groups={groups} desktop={desktop} onDetails={setDetails} />
      )}
      <PrivilegeDetailsDialog privilege={details} groups={groups} onClose={() => setDetails(null)} />
    </section>
  )
}
