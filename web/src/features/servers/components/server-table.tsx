import { ArrowDown, ArrowUp, ArrowUpDown, ServerOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { cn } from '@/lib/cn'
import { useWindowedRows } from '../hooks/use-windowed-rows'
import type { ServerItem } from '../model/server-model'
import type { SortKey, SortState } from '../model/sorting'
import { ServerRow } from './server-row'
import { serverRowHeight } from './server-row-height'

interface ServerTableProps {
  rows: ServerItem[]
  sort: SortState
  onSort: (key: SortKey) => void
  onShowPlayers: (server: ServerItem, anchor: HTMLElement) => void
  /** The server whose player popup is open. */
  popupId: string | null
  /** Table columns from 1024 px; below, each row is a stacked card. */
  desktop: boolean
  /** While the list loads, no "no matching servers" is shown. */
  loading: boolean
  /** The hint under "no matching servers" (without the filter bar there is nothing to reset). */
  emptyHint: string
  /** The pointer came over the list or left it (the page holds the row order meanwhile). */
  onPointerOverChange?: (over: boolean) => void
}

function SortHeader({ column, label, sort, onSort }: { column: SortKey; label: string; sort: SortState; onSort: (key: SortKey) => void }) {
  const { t } = useTranslation('servers')
  const direction = sort?.key === column ? sort.direction : null
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className="whitespace-nowrap lg:px-2 lg:first:px-4"
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        title={t('table.sortBy', { column: label })}
        className={cn(
          'focus-ring -mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-white',
          direction && 'text-brand-300',
        )}
      >
        {label}
        <Icon className={cn('size-3.5', !direction && 'opacity-50')} aria-hidden="true" />
      </button>
    </th>
  )
}

/**
 * The server table; only the rows in view are rendered (fixed row height), so 1,000 rows stay
 * smooth. It scrolls with the page (no scroll box of its own), its header sticking under the top
 * bar. From 1024 px a table with columns; below, each row is a stacked card (name on its own line,
 * then players, map and region, copy and join), the table elements displayed as blocks.
 */
export function ServerTable({ rows, sort, onSort, onShowPlayers, popupId, desktop, loading, emptyHint, onPointerOverChange }: ServerTableProps) {
  const { t } = useTranslation('servers')
  const { ref, start, end, padTop, padBottom } = useWindowedRows<HTMLTableSectionElement>(rows.length, serverRowHeight(desktop))
  const visible = rows.slice(start, end)
  return (
    <div
      data-testid="server-table-scroll"
      onPointerEnter={() => onPointerOverChange?.(true)}
      onPointerLeave={() => onPointerOverChange?.(false)}
      className="overflow-clip rounded-2xl border border-white/[0.07] bg-ink-850/80"
    >
      <table className="block w-full border-collapse text-left lg:table lg:table-fixed">
        <caption className="sr-only">{t('table.caption')}</caption>
        <colgroup>
          <col />
          <col className="w-22" />
          <col className="w-30 xl:w-34" />
          <col className="w-30 xl:w-34" />
          <col className="w-20" />
          <col className="w-22 xl:w-30" />
        </colgroup>
        {/* No backdrop blur, for the reason the app header has none. */}
        <thead className="sticky top-16 z-10 block bg-ink-800 text-xs font-semibold text-zinc-400 lg:table-header-group">
          <tr className="flex h-11 items-center gap-5 border-b border-white/[0.07] px-3 lg:table-row lg:px-0">
            <SortHeader column="name" label={t('table.name')} sort={sort} onSort={onSort} />
            <SortHeader column="players" label={t('table.players')} sort={sort} onSort={onSort} />
            <th scope="col" className="hidden px-2 lg:table-cell">
              {t('table.map')}
            </th>
            <th scope="col" className="hidden px-2 lg:table-cell">
              {t('table.region')}
            </th>
            <th scope="col" className="hidden px-2 lg:table-cell">
              {t('table.online')}
            </th>
            <th scope="col" className="hidden pr-4 text-right lg:table-cell">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={ref} className="block lg:table-row-group">
          {padTop > 0 && <tr aria-hidden="true" className="block lg:table-row" style={{ height: padTop }} />}
          {visible.map((server) => (
            <ServerRow key={server.id} server={server} onShowPlayers={onShowPlayers} popupOpen={popupId === server.id} desktop={desktop} />
          ))}
          {padBottom > 0 && <tr aria-hidden="true" className="block lg:table-row" style={{ height: padBottom }} />}
        </tbody>
      </table>
      {rows.length === 0 && !loading && (
        <div className="p-4">
          <EmptyState icon={ServerOff} title={t('table.empty')} body={emptyHint} />
        </div>
      )}
    </div>
  )
}
