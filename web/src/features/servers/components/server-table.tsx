import { ArrowDown, ArrowUp, ArrowUpDown, ServerOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { cn } from '@/lib/cn'
import { useWindowedRows } from '../hooks/use-windowed-rows'
import type { ServerItem } from '../model/server-model'
import type { SortKey, SortState } from '../model/sorting'
import { ROW_HEIGHT_PX, ServerRow } from './server-row'

interface ServerTableProps {
  rows: ServerItem[]
  sort: SortState
  onSort: (key: SortKey) => void
  onShowPlayers: (server: ServerItem, anchor: HTMLElement) => void
  /** The server whose player popup is open. */
  popupId: string | null
  /** The table scrolled (the player popup closes). */
  onScroll: () => void
}

function SortHeader({ column, label, sort, onSort }: { column: SortKey; label: string; sort: SortState; onSort: (key: SortKey) => void }) {
  const { t } = useTranslation('servers')
  const direction = sort?.key === column ? sort.direction : null
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className="px-1 whitespace-nowrap first:px-3 sm:px-2 sm:first:px-4"
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

/** The server table; only the rows in view are rendered (fixed row height), so 1,000 rows stay smooth. */
export function ServerTable({ rows, sort, onSort, onShowPlayers, popupId, onScroll }: ServerTableProps) {
  const { t } = useTranslation('servers')
  const { ref, start, end, padTop, padBottom } = useWindowedRows(rows.length, ROW_HEIGHT_PX, onScroll)
  const visible = rows.slice(start, end)
  return (
    <div
      ref={ref}
      data-testid="server-table-scroll"
      className="max-h-[min(70dvh,46rem)] overflow-auto overscroll-contain rounded-2xl border border-white/[0.07] bg-ink-850/80"
    >
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">{t('table.caption')}</caption>
        <colgroup>
          <col style={{ width: '45%' }} />
          <col style={{ width: '15%' }} />
          <col className="hidden md:table-column" />
          <col className="hidden md:table-column" />
          <col className="hidden w-[4.5rem] md:table-column" />
          <col className="w-22 sm:w-30" />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-ink-800/95 text-xs font-semibold tracking-wide text-zinc-400 uppercase backdrop-blur">
          <tr className="h-11 border-b border-white/[0.07]">
            <SortHeader column="name" label={t('table.name')} sort={sort} onSort={onSort} />
            <SortHeader column="players" label={t('table.players')} sort={sort} onSort={onSort} />
            <th scope="col" className="hidden px-2 md:table-cell">
              {t('table.map')}
            </th>
            <th scope="col" className="hidden px-2 md:table-cell">
              {t('table.region')}
            </th>
            <th scope="col" className="hidden px-2 md:table-cell">
              {t('table.online')}
            </th>
            <th scope="col" className="pr-3 text-right sm:pr-4">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
          {visible.map((server) => (
            <ServerRow key={server.id} server={server} onShowPlayers={onShowPlayers} popupOpen={popupId === server.id} />
          ))}
          {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
        </tbody>
      </table>
      {rows.length === 0 && (
        <div className="p-4">
          <EmptyState icon={ServerOff} title={t('table.empty')} body={t('table.emptyHint')} />
        </div>
      )}
    </div>
  )
}
