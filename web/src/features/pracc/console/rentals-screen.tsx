import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { useConsoleList } from '@/lib/console/use-console-list'
import { formatUnixTime } from '@/lib/console/format'
import { RENTAL_REGIONS } from '../model/regions'
import { RentalActionDialog, type PendingRentalAction } from './rental-action-dialog'
import { rentalActions, type RentalAction } from './rental-actions'
import { consoleRentalSchema, RENTAL_FILTERS, RENTAL_PHASES, type ConsoleRental } from './rentals-api'

/** /console/rentals: every rented server, with the operator's reasoned actions on each. */
export function RentalsScreen() {
  const { t } = useTranslation(['console-ops', 'pracc'])
  const list = useConsoleList({
    path: '/api/console/rentals',
    item: consoleRentalSchema,
    filterKeys: RENTAL_FILTERS,
    sort: 'expires_at',
  })
  const [q, setQ] = useState(list.params.q)
  const [pending, setPending] = useState<PendingRentalAction | null>(null)
  const regionName = (code: string) => t(`pracc:regions.${code}` as 'pracc:regions.ap-beijing', { defaultValue: code })
  const statusName = (status: string) =>
    t(`console-ops:rentalStatuses.${status}` as 'console-ops:rentalStatuses.RUNNING', { defaultValue: status })
  const phaseName = (phase: string) =>
    t(`console-ops:rentalPhases.${phase}` as 'console-ops:rentalPhases.running', { defaultValue: phase })
  const actionLabel = (rental: ConsoleRental, action: RentalAction) => {
    if (action === 'maintenance') return t(rental.maintenance ? 'console-ops:rentals.endMaintenance' : 'console-ops:rentals.setMaintenance')
    return t(`console-ops:rentals.${action}`)
  }

  const columns: DataColumn<ConsoleRental>[] = [
    {
      id: 'name',
      header: t('console-ops:rentals.name'),
      className: 'min-w-40',
      render: (rental) => (
        <span className="flex flex-col">
          <span className="font-medium text-zinc-100">{rental.name}</span>
          <span className="font-mono text-xs text-zinc-500">{rental.id}</span>
        </span>
      ),
    },
    {
      id: 'owner',
      header: t('console-ops:rentals.owner'),
      render: (rental) => (
        <span className="flex flex-col">
          <span>{rental.ownerName || '—'}</span>
          <span className="font-mono text-xs text-zinc-500">{rental.ownerSteamId}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('console-ops:rentals.status'),
      className: 'whitespace-nowrap',
      render: (rental) => (
        <span className="flex flex-col gap-0.5" data-testid={`rental-status-${rental.id}`}>
          <span>{statusName(rental.status)}</span>
          {rental.phase && <span className="text-xs text-zinc-500">{phaseName(rental.phase)}</span>}
          {rental.expired && <span className="text-xs text-danger-400">{t('console-ops:rentals.expired')}</span>}
          {rental.maintenance && (
            <span className="text-xs text-brand-300" title={rental.maintenanceText}>
              {t('console-ops:rentals.inMaintenance')}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'region',
      header: t('console-ops:rentals.region'),
      className: 'whitespace-nowrap',
      render: (rental) => (
        <span className="flex flex-col">
          <span>{regionName(rental.region)}</span>
          <span className="font-mono text-xs text-zinc-500">{rental.instance}</span>
        </span>
      ),
    },
    {
      id: 'created',
      header: t('console-ops:rentals.createdAt'),
      sortKey: 'created_at',
      className: 'whitespace-nowrap tabular-nums',
      render: (rental) => formatUnixTime(rental.createdAt),
    },
    {
      id: 'expires',
      header: t('console-ops:rentals.expiresAt'),
      sortKey: 'expires_at',
      className: 'whitespace-nowrap tabular-nums',
      render: (rental) => formatUnixTime(rental.expiresAt),
    },
    {
      id: 'actions',
      header: t('console-ops:common.actions'),
      render: (rental) => (
        <div className="flex flex-wrap gap-1.5">
          {rentalActions(rental.status).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'end' ? 'danger' : 'secondary'}
              onClick={() => setPending({ rental, action })}
            >
              {actionLabel(rental, action)}
            </Button>
          ))}
        </div>
      ),
    },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    list.setQuery(q)
  }

  return (
    <ConsolePage title={t('console-ops:rentals.title')}>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <TextField
            className="min-w-56 flex-1"
            type="search"
            label={t('console-ops:rentals.searchLabel')}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <SelectField
            label={t('console-ops:rentals.phase')}
            placeholder={t('console-ops:common.all')}
            value={list.params.filters.status ?? ''}
            onChange={(event) => list.setFilter('status', event.target.value)}
            options={RENTAL_PHASES.map((value) => ({ value, label: phaseName(value) }))}
          />
          <SelectField
            label={t('console-ops:rentals.region')}
            placeholder={t('console-ops:common.all')}
            value={list.params.filters.region ?? ''}
            onChange={(event) => list.setFilter('region', event.target.value)}
            options={RENTAL_REGIONS.map((value) => ({ value, label: regionName(value) }))}
          />
          <SelectField
            label={t('console-ops:rentals.maintenanceFilter')}
            placeholder={t('console-ops:common.all')}
            value={list.params.filters.maintenance ?? ''}
            onChange={(event) => list.setFilter('maintenance', event.target.value)}
            options={[
              { value: 'true', label: t('console-ops:rentals.maintenanceOnly') },
              { value: 'false', label: t('console-ops:rentals.maintenanceNone') },
            ]}
          />
          <Button type="submit">{t('console-ops:common.search')}</Button>
        </form>
      </search>
      <DataTable
        caption={t('console-ops:rentals.title')}
        columns={columns}
        rows={list.rows}
        rowKey={(rental) => rental.id}
        params={list.params}
        total={list.total}
        loading={list.loading}
        refreshing={list.refreshing}
        error={list.error}
        errorNamespace="console-ops"
        onRetry={list.retry}
        onSort={list.toggleSort}
        onPage={list.setPage}
      />
      <RentalActionDialog pending={pending} onClose={() => setPending(null)} />
    </ConsolePage>
  )
}
