import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '@/components/ui/field'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { RowActionsMenu } from '@/components/console/row-actions-menu'
import { SearchForm } from '@/components/console/search-form'
import { UnixTime } from '@/components/console/unix-time'
import { listTableProps, useConsoleList } from '@/lib/console/use-console-list'
import { RENTAL_REGIONS } from '../model/regions'
import { RentalActionDialog, type PendingRentalAction } from './rental-action-dialog'
import { rentalActions, type RentalAction } from './rental-actions'
import { consoleRentalSchema, RENTAL_FILTERS, RENTAL_PHASES, type ConsoleRental } from './rentals-api'

/** /console/rentals: every rented server, with the operator's reasoned actions on each. */
export function RentalsScreen() {
  const { t } = useTranslation(['console-ops', 'pracc-servers'])
  const list = useConsoleList({
    path: '/api/console/rentals',
    item: consoleRentalSchema,
    filterKeys: RENTAL_FILTERS,
    sort: 'expires_at',
  })
  const [q, setQ] = useState(list.params.q)
  const [pending, setPending] = useState<PendingRentalAction | null>(null)
  const regionName = (code: string) => t(`pracc-servers:regions.${code}` as 'pracc-servers:regions.ap-beijing', { defaultValue: code })
  const statusName = (status: string) =>
    t(`console-ops:rentalStatuses.${status}` as 'console-ops:rentalStatuses.RUNNING', { defaultValue: status })
  const phaseName = (phase: string) =>
    t(`console-ops:rentalPhases.${phase}` as 'console-ops:rentalPhases.running', { defaultValue: phase })
  const actionLabel = (rental: ConsoleRental, action: RentalAction) => {
    if (action === 'maintenance') return t(rental.maintenance ? 'console-ops:rentals.endMaintenance' : 'console-ops:rentals.setMaintenance')
    return t(`console-ops:rentals.${action}`)
  }

  // Six narrow columns, so the table fits beside the console's navigation at 1280 px and below it at
  // 1024 px, in both languages: the region and instance sit under the server's name, times wrap to date
  // over time, and a row's actions are one menu of constant width.
  const columns: DataColumn<ConsoleRental>[] = [
    {
      id: 'server',
      header: t('console-ops:rentals.server'),
      className: 'min-w-36',
      render: (rental) => (
        <span className="flex flex-col">
          <span className="font-medium break-words text-zinc-100">{rental.name || '—'}</span>
          <span className="font-mono text-xs break-all text-zinc-500">{rental.id}</span>
          <span className="text-xs text-zinc-400">{regionName(rental.region)}</span>
          {rental.instance && <span className="font-mono text-xs break-all text-zinc-500">{rental.instance}</span>}
        </span>
      ),
    },
    {
      id: 'owner',
      header: t('console-ops:rentals.owner'),
      render: (rental) => (
        <span className="flex flex-col">
          <span className="break-words">{rental.ownerName || '—'}</span>
          <span className="font-mono text-xs text-zinc-500">{rental.ownerSteamId}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('console-ops:rentals.status'),
      // A Chinese status stays whole ("运行中", not "运行" over "中"); English ones wrap between words.
      className: 'break-keep',
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
      id: 'created',
      header: t('console-ops:rentals.created'),
      sortKey: 'created_at',
      render: (rental) => <UnixTime at={rental.createdAt} />,
    },
    {
      id: 'expires',
      header: t('console-ops:rentals.expires'),
      sortKey: 'expires_at',
      render: (rental) => <UnixTime at={rental.expiresAt} />,
    },
    {
      id: 'actions',
      header: t('console-ops:common.actions'),
      className: 'w-px',
      render: (rental) => {
        const actions = rentalActions(rental.status)
        if (actions.length === 0) return <span className="text-zinc-500">—</span>
        return (
          <RowActionsMenu
            label={t('console-ops:rentals.more', { name: rental.name || rental.id })}
            actions={actions.map((action) => ({
              id: action,
              label: actionLabel(rental, action),
              danger: action === 'end',
              onSelect: () => setPending({ rental, action }),
            }))}
          />
        )
      },
    },
  ]

  return (
    <ConsolePage title={t('console-ops:rentals.title')}>
      <SearchForm onSearch={() => list.setQuery(q)}>
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
      </SearchForm>
      <p className="-mt-2 text-xs text-zinc-500">{t('console-ops:common.gmt8')}</p>
      <DataTable
        caption={t('console-ops:rentals.title')}
        columns={columns}
        {...listTableProps(list, 'console-ops')}
        rowKey={(rental) => rental.id}
      />
      <RentalActionDialog pending={pending} onClose={() => setPending(null)} />
    </ConsolePage>
  )
}
