import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Panel } from '@/components/ui/panel'
import { formatNumber } from '@/lib/format'
import { logged } from '@/lib/logged'
import { useLanguage } from '@/lib/use-language'
import { ConsolePage, Figure } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { formatMoney, formatUnixTime } from '@/lib/console/format'
import { dashboardKey, fetchDashboard, type Dashboard } from './dashboard-api'
import { PlayersChart } from './players-chart'

const REFRESH_MS = 60_000

/** The console's first screen: the figures of GET /api/console/dashboard, refreshed every minute. */
export function DashboardScreen() {
  const { t } = useTranslation('console')
  const language = useLanguage()
  const query = useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => logged('Failed to fetch the dashboard', fetchDashboard(signal)),
    refetchInterval: REFRESH_MS,
  })
  const data = query.data
  const n = (value: number) => formatNumber(value, language)

  return (
    <ConsolePage title={t('dashboard.title')}>
      {!data ? (
        <DataTable
          caption={t('dashboard.title')}
          columns={[]}
          rows={[]}
          rowKey={() => ''}
          loading={query.isLoading}
          error={query.error}
          errorNamespace="console"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            <Figure label={t('dashboard.playersOnline')} value={n(data.players_online)} />
            <Figure label={t('dashboard.serversTotal')} value={n(data.servers_total)} />
            <Figure
              label={t('dashboard.serversOffline')}
              value={n(data.servers_offline)}
              tone={data.servers_offline > 0 ? 'warn' : undefined}
            />
            <Figure
              label={t('dashboard.failedProvisioning')}
              value={n(data.failed_provisioning)}
              tone={data.failed_provisioning > 0 ? 'warn' : undefined}
            />
            <Figure
              label={t('dashboard.paymentsHeld')}
              value={n(data.payments_held)}
              tone={data.payments_held > 0 ? 'warn' : undefined}
            />
          </dl>
          <Panel title={t('dashboard.players24h')}>
            <PlayersChart points={data.players_24h} />
          </Panel>
          <div className="grid gap-5 xl:grid-cols-2">
            <Panel title={t('dashboard.rentals')}>
              <RentalStates states={data.rentals_by_state} />
            </Panel>
            <Panel title={t('dashboard.revenue')}>
              <DataTable
                caption={t('dashboard.revenue')}
                rows={data.revenue}
                rowKey={(row) => `${row.period}-${row.method}-${row.currency}`}
                columns={[
                  {
                    id: 'period',
                    header: t('dashboard.period'),
                    render: (row) =>
                      row.period === 'today' ? t('dashboard.today') : row.period === 'month' ? t('dashboard.month') : row.period,
                  },
                  { id: 'method', header: t('dashboard.method'), render: (row) => row.method },
                  { id: 'orders', header: t('dashboard.orders'), render: (row) => n(row.orders) },
                  {
                    id: 'amount',
                    header: t('dashboard.amount'),
                    render: (row) => formatMoney(row.amount_minor, row.currency, language),
                  },
                ]}
              />
            </Panel>
          </div>
          <Panel title={t('dashboard.jobs')}>
            <DataTable
              caption={t('dashboard.jobs')}
              rows={data.jobs}
              rowKey={(row) => row.name}
              columns={[
                { id: 'name', header: t('dashboard.job'), render: (row) => <span className="font-mono">{row.name}</span> },
                {
                  id: 'run',
                  header: t('dashboard.lastRun'),
                  render: (row) => formatUnixTime(row.last_run_at) || t('dashboard.never'),
                },
                {
                  id: 'ok',
                  header: t('dashboard.lastOk'),
                  render: (row) => formatUnixTime(row.last_ok_at) || t('dashboard.never'),
                },
                {
                  id: 'failures',
                  header: t('dashboard.failures'),
                  render: (row) => <span className={row.failures > 0 ? 'text-danger-400' : undefined}>{n(row.failures)}</span>,
                },
                {
                  id: 'error',
                  header: t('dashboard.lastError'),
                  render: (row) => <span className="break-all text-zinc-400">{row.last_error || t('dashboard.none')}</span>,
                },
              ]}
            />
          </Panel>
        </>
      )}
    </ConsolePage>
  )
}

function RentalStates({ states }: { states: Dashboard['rentals_by_state'] }) {
  const { t } = useTranslation('console')
  const language = useLanguage()
  const entries = Object.entries(states)
  if (entries.length === 0) return <p className="text-sm text-zinc-500">{t('dashboard.none')}</p>
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {entries.map(([state, count]) => (
        <div key={state} className="rounded-lg bg-white/[0.03] px-3 py-2">
          <dt className="font-mono text-xs text-zinc-400">{state}</dt>
          <dd className="text-lg font-bold text-white">{formatNumber(count, language)}</dd>
        </div>
      ))}
    </dl>
  )
}
