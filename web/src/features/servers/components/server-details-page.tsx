import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Info, ScrollText } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
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

function Stat({ label, children, wrap }: { label: string; children: ReactNode; wrap?: boolean }) {
  return (
    <div className="min-w-0 rounded-xl border border-white/[0.06] bg-white/[0.02] px-4 py-3">
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className={cn('mt-1 font-semibold text-zinc-100', wrap ? 'break-all' : 'truncate')}>{children}</dd>
    </div>
  )
}

/** Live details of one server (GET /api/servers/{id}) with its 24 h player history. */
export function ServerDetailsPage() {
  const { t } = useTranslation('servers')
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
          {t('loading')}
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
                  {server.current}/{server.maxSlots}
                </span>
              </Stat>
              <Stat label={t('details.map')}>
                <span className="font-mono">{server.map}</span>
              </Stat>
              <Stat label={t('details.region')}>{regionLabel(t, server.region)}</Stat>
              <Stat label={t('details.mode')}>{modeLabel(t, server.category)}</Stat>
              <Stat label={t('details.status')}>
                <span className={cn(isOnline(server) ? 'text-signal-400' : 'text-zinc-500')}>
                  {isOnline(server) ? t('table.statusOnline') : t('table.statusOffline')}
                </span>
              </Stat>
              <Stat label={t('details.address')} wrap>
                <span className="font-mono">{server.id}</span>
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
            <HistoryChart history={details.history} maxSlots={server.maxSlots} />
          </Panel>
        </>
      )}
      <div>{back}</div>
    </PageFrame>
  )
}
