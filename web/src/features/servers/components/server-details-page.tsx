import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Info, ScrollText } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-classes'
import { CopyButton } from '@/components/ui/copy-button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageFrame } from '@/components/ui/page-frame'
import { Panel } from '@/components/ui/panel'
import { Spinner } from '@/components/ui/spinner'
import { isApiError } from '@/lib/api-error'
import { cn } from '@/lib/cn'
import { useAppConfig } from '@/lib/config/config-context'
import { useFromSearch } from '@/lib/navigation'
import { fetchServerDetails, serverKeys } from '../api/servers-api'
import { connectCommand, isOnline } from '../model/server-model'
import { HistoryChart } from './history-chart'
import { JoinButton } from './join-button'
import { modeLabel, regionLabel } from './server-labels'
import { Link } from '@/components/ui/link'

/** Shown for a value the server does not (or no longer) report. */
const UNKNOWN = '—'

/**
 * One value card. `span`: 'two' takes two columns (the address: ip:port stays on one line),
 * 'phone' two columns on phones only, so the two- and three-column grids fill without holes.
 */
function Stat({ label, children, span }: { label: string; children: ReactNode; span?: 'two' | 'phone' }) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-xl border border-white/[0.06] bg-white/[0.02] px-4 py-3',
        span === 'two' && 'col-span-2',
        span === 'phone' && 'col-span-2 md:col-span-1',
      )}
    >
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-1 truncate font-semibold text-zinc-100">{children}</dd>
    </div>
  )
}

/** Live details of one server (GET /api/servers/{id}) with its 24 h player history. */
export function ServerDetailsPage() {
  const { t } = useTranslation('servers-extra')
  const { t: listT } = useTranslation('servers')
  const { serverId = '' } = useParams()
  const from = useFromSearch()
  const { servers } = useAppConfig()
  const query = useQuery({
    queryKey: serverKeys.details(serverId),
    queryFn: ({ signal }) => fetchServerDetails(serverId, signal),
  })
  const back = (
    <Link to={{ pathname: '/servers', search: from }} className={buttonClasses('secondary', 'md')}>
      <ArrowLeft aria-hidden="true" />
      {t('details.back')}
    </Link>
  )
  const details = query.data
  const server = details?.server

  return (
    <PageFrame title={server?.displayName ?? t('details.title')} description={t('details.description')} icon={Info}>
      {query.isPending && (
        <output className="flex items-center justify-center gap-3 py-16 text-sm text-zinc-400">
          <Spinner />
          {listT('loading')}
        </output>
      )}
      {query.isError && (
        <div className="flex flex-col items-center gap-4">
          <EmptyState
            icon={Info}
            title={isApiError(query.error) && query.error.status === 404 ? t('details.notFound') : t('details.loadError')}
          />
          {!(isApiError(query.error) && query.error.status === 404) && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('details.retry')}
            </Button>
          )}
        </div>
      )}
      {details && server && (
        <>
          <Panel>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
              <Stat label={t('details.players')}>
                <span className="font-mono tabular-nums">
                  {server.maxSlots > 0 ? `${server.current}/${server.maxSlots}` : UNKNOWN}
                </span>
              </Stat>
              <Stat label={t('details.map')}>
                <span className="font-mono">{server.map.trim() || UNKNOWN}</span>
              </Stat>
              <Stat label={t('details.status')} span="phone">
                <span className={cn(isOnline(server) ? 'text-signal-400' : 'text-zinc-500')}>
                  {isOnline(server) ? listT('table.statusOnline') : listT('table.statusOffline')}
                </span>
              </Stat>
              <Stat label={t('details.ping')}>
                <span className="font-mono tabular-nums">
                  {details.ping === null
                    ? UNKNOWN
                    : // Whole milliseconds: 0 is a round trip under 1 ms (a server on the same network).
                      details.ping === 0
                      ? t('details.pingBelowOne')
                      : t('details.pingValue', { ms: details.ping })}
                </span>
              </Stat>
              <Stat label={t('details.tickrate')}>
                <span className="font-mono tabular-nums">{details.tickrate ?? UNKNOWN}</span>
              </Stat>
              <Stat label={t('details.region')}>{server.region.trim() ? regionLabel(listT, server.region) : UNKNOWN}</Stat>
              <Stat label={t('details.mode')}>{server.category.trim() ? modeLabel(listT, server.category) : UNKNOWN}</Stat>
              <Stat label={t('details.address')} span="two">
                <span className="font-mono whitespace-nowrap" title={server.id}>
                  {server.id}
                </span>
              </Stat>
            </dl>
            <div className="mt-5 flex flex-wrap gap-2">
              <JoinButton server={server} label={t('details.connect')} size="md" />
              <CopyButton text={connectCommand(server)} label={t('details.copyAddress')} size="md" />
              {servers.features.rules && (
                <Link
                  to={{ pathname: `/servers/rules/${encodeURIComponent(serverId)}`, search: from }}
                  className={buttonClasses('secondary', 'md')}
                >
                  <ScrollText aria-hidden="true" />
                  {t('details.viewRules')}
                </Link>
              )}
            </div>
          </Panel>
          <Panel title={t('details.history')} description={t('details.historyDescription')}>
            <HistoryChart history={details.history} maxSlots={server.maxSlots} current={server.current} />
          </Panel>
        </>
      )}
      <div>{back}</div>
    </PageFrame>
  )
}
