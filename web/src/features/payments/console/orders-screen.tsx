import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { useConsoleList } from '@/lib/console/use-console-list'
import { formatMoney, formatUnixTime } from '@/lib/console/format'
import { useLanguage } from '@/lib/use-language'
import { OrderDetailDialog } from './order-detail-dialog'
import { OrderFilters } from './order-filters'
import { methodLabel, productLabel, stateLabel } from './order-labels'
import { consoleOrderSchema, ORDER_FILTERS, type ConsoleOrder } from './orders-api'

/** /console/orders: every order, searched and filtered on the server; a row opens its history. */
export function OrdersScreen() {
  const { t } = useTranslation('console-ops')
  const language = useLanguage()
  const [search, setSearch] = useSearchParams()
  const list = useConsoleList({
    path: '/api/console/orders',
    item: consoleOrderSchema,
    filterKeys: ORDER_FILTERS,
    sort: 'created_at',
  })
  const openId = search.get('order')
  const setOpen = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (id) next.set('order', id)
      else next.delete('order')
      return next
    })

  const columns: DataColumn<ConsoleOrder>[] = [
    {
      id: 'id',
      header: t('orders.id'),
      render: (order) => (
        <button
          type="button"
          onClick={() => setOpen(order.id)}
          aria-label={t('orders.open', { id: order.id })}
          className="focus-ring rounded font-mono text-xs text-brand-300 underline-offset-2 hover:underline"
        >
          {order.id}
        </button>
      ),
    },
    {
      id: 'buyer',
      header: t('orders.buyer'),
      render: (order) => (
        <span className="flex flex-col">
          <span>{order.name || order.email || '—'}</span>
          {order.steam_id && <span className="font-mono text-xs text-zinc-500">{order.steam_id}</span>}
        </span>
      ),
    },
    { id: 'product', header: t('orders.product'), render: (order) => productLabel(order.product_type) },
    {
      id: 'amount',
      header: t('orders.amount'),
      sortKey: 'amount_minor',
      className: 'text-right tabular-nums',
      render: (order) => formatMoney(order.amount_minor, order.currency, language),
    },
    { id: 'method', header: t('orders.method'), render: (order) => methodLabel(order.method) },
    { id: 'state', header: t('orders.state'), render: (order) => <span data-state={order.state}>{stateLabel(order.state)}</span> },
    {
      id: 'created',
      header: t('orders.createdAt'),
      sortKey: 'created_at',
      className: 'whitespace-nowrap tabular-nums',
      render: (order) => formatUnixTime(order.created_at),
    },
  ]

  return (
    <ConsolePage title={t('orders.title')}>
      <OrderFilters list={list} />
      <DataTable
        caption={t('orders.title')}
        columns={columns}
        rows={list.rows}
        rowKey={(order) => order.id}
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
      <OrderDetailDialog id={openId} onClose={() => setOpen(null)} />
    </ConsolePage>
  )
}
