import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Panel } from '@/components/ui/panel'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { UnixTime } from '@/components/console/unix-time'
import { formatMoney, formatUnixTime } from '@/lib/console/format'
import { logged } from '@/lib/logged'
import { useLanguage } from '@/lib/use-language'
import { fetchPerson, peopleKeys, type PersonDetails, type PersonOrder, type PersonRental } from './people-api'
import { PersonActions } from './person-actions'
import { Link } from '@/components/ui/link'

/** /console/people/:id: one account with its memberships, VIP, orders, rentals and sessions. */
export function PersonScreen() {
  const { t } = useTranslation('console')
  const id = useParams().id ?? ''
  const query = useQuery({
    queryKey: peopleKeys.details(id),
    queryFn: ({ signal }) => logged('Failed to fetch the person', fetchPerson(id, signal)),
  })
  const details = query.data
  const back = (
    <Link to=".." relative="path" className="focus-ring inline-flex items-center gap-1.5 rounded text-sm text-zinc-300 hover:text-white">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('people.back')}
    </Link>
  )
  if (!details) {
    return (
      <ConsolePage title={t('people.details')} actions={back}>
        <DataTable
          caption={t('people.details')}
          columns={[]}
          rows={[]}
          rowKey={() => ''}
          loading={query.isLoading}
          error={query.error}
          errorNamespace="console"
          onRetry={() => void query.refetch()}
        />
      </ConsolePage>
    )
  }
  return (
    <ConsolePage title={details.user.name || `#${details.user.id}`} actions={back}>
      <Summary details={details} />
      <PersonActions person={details.user} />
      <div className="grid gap-5 xl:grid-cols-2">
        <Memberships details={details} />
        <Vip details={details} />
      </div>
      <Orders rows={details.orders} />
      <Rentals rows={details.rentals} />
      <Sessions details={details} />
    </ConsolePage>
  )
}

function Summary({ details }: { details: PersonDetails }) {
  const { t } = useTranslation('console')
  const { user } = details
  const rows: [string, ReactNode][] = [
    [t('people.steamId'), <span key="steam" className="font-mono">{user.steam_id ?? '—'}</span>],
    [t('people.email'), user.email ?? '—'],
    [t('people.groups'), user.groups.join(', ') || '—'],
    [t('people.vipUntil'), formatUnixTime(user.vip_until) || t('people.vipNone')],
    [t('people.createdAt'), formatUnixTime(user.created_at)],
  ]
  return (
    <dl className="grid grid-cols-1 gap-3 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-5 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-zinc-400">{label}</dt>
          <dd className="truncate text-sm text-zinc-100" data-testid={`person-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function Memberships({ details }: { details: PersonDetails }) {
  const { t } = useTranslation('console')
  return (
    <Panel title={t('people.memberships')}>
      <DataTable
        caption={t('people.memberships')}
        rows={details.memberships}
        rowKey={(row) => row.group}
        columns={[
          { id: 'group', header: t('people.groups'), render: (row) => row.group },
          { id: 'at', header: t('people.grantedAt'), render: (row) => formatUnixTime(row.granted_at) || '—' },
          { id: 'by', header: t('people.grantedBy'), render: (row) => row.granted_by ?? '—' },
        ]}
      />
    </Panel>
  )
}

function Vip({ details }: { details: PersonDetails }) {
  const { t } = useTranslation('console')
  return (
    <Panel title={t('people.vip')}>
      <p className="mb-3 text-sm text-zinc-300" data-testid="vip-until">
        {details.vip.until ? `${t('people.vipUntil')}: ${formatUnixTime(details.vip.until)}` : t('people.vipNone')}
      </p>
      <DataTable
        caption={t('people.vip')}
        rows={details.vip.history}
        rowKey={(row) => `${row.id}-${row.starts_at}`}
        columns={[
          { id: 'from', header: t('people.from'), render: (row) => formatUnixTime(row.starts_at) },
          { id: 'to', header: t('people.to'), render: (row) => formatUnixTime(row.expires_at) },
          { id: 'source', header: t('people.source'), render: (row) => [row.source, row.source_ref].filter(Boolean).join(' ') },
        ]}
      />
    </Panel>
  )
}

const idLink = 'focus-ring rounded font-mono text-xs break-all text-brand-300 hover:underline'

/** The latest 50 orders; the id opens the order in the console's order list. */
function Orders({ rows }: { rows: PersonOrder[] }) {
  const { t } = useTranslation(['console', 'console-ops'])
  const language = useLanguage()
  const label = (group: 'products' | 'methods' | 'orderStates', value: string) =>
    t(`console-ops:${group}.${value}` as 'console-ops:products.vip', { defaultValue: value })
  return (
    <Panel title={t('people.orders')}>
      <DataTable
        caption={t('people.orders')}
        rows={rows}
        rowKey={(order) => order.id}
        columns={[
          {
            id: 'id',
            header: t('people.id'),
            render: (order) => (
              <Link to={`/console/orders?q=${encodeURIComponent(order.id)}`} className={idLink}>
                {order.id}
              </Link>
            ),
          },
          {
            id: 'product',
            header: t('people.product'),
            render: (order) => (
              <span className="flex flex-col">
                <span>{label('products', order.product_type)}</span>
                <span className="text-xs text-zinc-500">{label('methods', order.method)}</span>
              </span>
            ),
          },
          { id: 'state', header: t('people.state'), render: (order) => label('orderStates', order.state) },
          {
            id: 'amount',
            header: t('people.amount'),
            className: 'tabular-nums whitespace-nowrap',
            render: (order) => formatMoney(order.amount_minor, order.currency, language),
          },
          { id: 'at', header: t('people.orderedAt'), render: (order) => <UnixTime at={order.created_at} /> },
          {
            id: 'paid',
            header: t('people.paidAt'),
            render: (order) => (
              <span className="flex flex-col">
                <UnixTime at={order.paid_at} />
                {order.refunded_at !== null && (
                  <span className="text-xs text-danger-400">{t('people.refundedAt', { at: formatUnixTime(order.refunded_at) })}</span>
                )}
              </span>
            ),
          },
        ]}
      />
    </Panel>
  )
}

/** The practice servers the account owns or is an admin of; the id opens it in the rentals list. */
function Rentals({ rows }: { rows: PersonRental[] }) {
  const { t } = useTranslation(['console', 'console-ops', 'pracc-servers'])
  return (
    <Panel title={t('people.rentals')}>
      <DataTable
        caption={t('people.rentals')}
        rows={rows}
        rowKey={(rental) => rental.id}
        columns={[
          {
            id: 'server',
            header: t('people.server'),
            render: (rental) => (
              <span className="flex flex-col">
                <span className="break-words text-zinc-100">{rental.name || '—'}</span>
                <Link to={`/console/rentals?q=${encodeURIComponent(rental.id)}`} className={idLink}>
                  {rental.id}
                </Link>
              </span>
            ),
          },
          { id: 'role', header: t('people.role'), render: (rental) => t(rental.owner ? 'people.roleOwner' : 'people.roleAdmin') },
          {
            id: 'status',
            header: t('people.status'),
            className: 'break-keep',
            render: (rental) => (
              <span className="flex flex-col">
                <span>{t(`console-ops:rentalStatuses.${rental.status}` as 'console-ops:rentalStatuses.RUNNING', { defaultValue: rental.status })}</span>
                {rental.maintenance && <span className="text-xs text-brand-300">{t('people.inMaintenance')}</span>}
              </span>
            ),
          },
          {
            id: 'region',
            header: t('people.region'),
            render: (rental) => t(`pracc-servers:regions.${rental.region}` as 'pracc-servers:regions.ap-beijing', { defaultValue: rental.region }),
          },
          { id: 'created', header: t('people.rentedAt'), render: (rental) => <UnixTime at={rental.created_at} /> },
          { id: 'expires', header: t('people.expiresAt'), render: (rental) => <UnixTime at={rental.expires_at} /> },
        ]}
      />
    </Panel>
  )
}

function Sessions({ details }: { details: PersonDetails }) {
  const { t } = useTranslation('console')
  return (
    <Panel title={t('people.sessions')}>
      <DataTable
        caption={t('people.sessions')}
        rows={details.sessions}
        rowKey={(row) => String(row.id)}
        columns={[
          { id: 'created', header: t('people.sessionCreated'), render: (row) => formatUnixTime(row.created_at) },
          { id: 'method', header: t('people.method'), render: (row) => [row.method, row.ip].filter(Boolean).join(' · ') },
          { id: 'seen', header: t('people.sessionSeen'), render: (row) => formatUnixTime(row.last_seen_at) || '—' },
          { id: 'expires', header: t('people.sessionExpires'), render: (row) => formatUnixTime(row.expires_at) },
        ]}
      />
    </Panel>
  )
}
