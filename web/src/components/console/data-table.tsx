import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useErrorText, type ErrorNamespace } from '@/lib/error-text'
import { ariaSort, pageCount, type ListParams } from '@/lib/console/list-params'

export interface DataColumn<T> {
  /** Unique per table. */
  id: string
  header: string
  render: (row: T) => ReactNode
  /** The server's sort column; present: the header is a sort button. */
  sortKey?: string
  className?: string
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology. */
  caption: string
  columns: DataColumn<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  /** Sort and page state; absent for a table that neither sorts nor pages. */
  params?: Pick<ListParams, 'sort' | 'order' | 'page' | 'pageSize'>
  total?: number
  loading?: boolean
  /** A newer answer is on its way; the rows shown are the previous ones. */
  refreshing?: boolean
  error?: unknown
  errorNamespace?: ErrorNamespace
  onRetry?: () => void
  onSort?: (column: string) => void
  onPage?: (page: number) => void
}

const focusableInRow = 'a[href], button:not([disabled]), input, select, textarea, [tabindex="0"]'

/**
 * Up and Down move focus to the same kind of control in the previous or next row, so a long list
 * can be walked with the keyboard without tabbing through every cell.
 */
function moveBetweenRows(event: KeyboardEvent) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const target = event.target as HTMLElement
  const row = target.closest('tr')
  if (!row) return
  const controls = [...row.querySelectorAll<HTMLElement>(focusableInRow)]
  const index = Math.max(0, controls.indexOf(target))
  const sibling = (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null
  if (!sibling) return
  const siblingControls = [...sibling.querySelectorAll<HTMLElement>(focusableInRow)]
  const next = siblingControls[Math.min(index, siblingControls.length - 1)]
  if (!next) return
  event.preventDefault()
  next.focus()
}

/** A native listener: the rows' own controls take the keys, the body only moves between rows. */
function listenForRowKeys(element: HTMLTableSectionElement | null) {
  if (!element) return
  element.addEventListener('keydown', moveBetweenRows)
  return () => element.removeEventListener('keydown', moveBetweenRows)
}

/**
 * The console's table: server-side sorting (header buttons with aria-sort) and paging, and the
 * loading, empty and error states. Rows carry their own controls (a link to the row's page, actions).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  params,
  total = rows.length,
  loading = false,
  refreshing = false,
  error,
  errorNamespace,
  onRetry,
  onSort,
  onPage,
}: DataTableProps<T>) {
  const { t } = useTranslation('console')
  const errorText = useErrorText(errorNamespace)

  if (loading) {
    return (
      <output className="flex items-center justify-center gap-3 py-16 text-sm text-zinc-400">
        <Spinner />
        {t('table.loading')}
      </output>
    )
  }
  if (error && rows.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-danger-500/30 bg-danger-500/5 px-6 py-10 text-center">
        <p className="text-sm text-danger-400">{errorText(error)}</p>
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('table.retry')}
          </Button>
        )}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {error !== undefined && error !== null && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(error)}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState icon={Inbox} title={t('table.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-white/[0.07]" aria-busy={refreshing || undefined}>
          <table className={cn('w-full text-left text-sm', refreshing && 'opacity-60')}>
            <caption className="sr-only">
              {caption}. {t('table.rowsHint')}
            </caption>
            <thead className="bg-white/[0.03] text-xs text-zinc-400 uppercase">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={column.sortKey && params ? ariaSort(params, column.sortKey) : undefined}
                    className={cn('px-3 py-2.5 font-semibold whitespace-nowrap', column.className)}
                  >
                    {column.sortKey && onSort && params ? (
                      <SortButton
                        label={column.header}
                        state={ariaSort(params, column.sortKey)}
                        onClick={() => onSort(column.sortKey as string)}
                      />
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={listenForRowKeys} className="divide-y divide-white/[0.05]">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-white/[0.03] focus-within:bg-white/[0.04]">
                  {columns.map((column) => (
                    <td key={column.id} className={cn('px-3 py-2.5 align-top text-zinc-200', column.className)}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {params && onPage && <Pagination page={params.page} pageSize={params.pageSize} total={total} onPage={onPage} />}
    </div>
  )
}

function SortButton({ label, state, onClick }: { label: string; state: string; onClick: () => void }) {
  const { t } = useTranslation('console')
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown
  return (
    <button
      type="button"
      onClick={onClick}
      title={t('table.sortBy', { column: label })}
      className="focus-ring -mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-white"
    >
      {label}
      <Icon className={cn('size-3.5', state === 'none' && 'opacity-40')} aria-hidden="true" />
    </button>
  )
}

interface PaginationProps {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}

export function Pagination({ page, pageSize, total, onPage }: PaginationProps) {
  const { t } = useTranslation('console')
  const pages = pageCount(total, pageSize)
  return (
    <nav aria-label={t('table.pagination')} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-zinc-400" aria-live="polite">
        {t('table.pageOf', { page, pages, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t('table.previous')}
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('table.next')}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
