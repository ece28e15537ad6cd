import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePaymentTexts } from '@/components/payments/use-payment-texts'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageFrame } from '@/components/ui/page-frame'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useErrorText } from '@/lib/error-text'
import { formatDateTimeGmt8 } from '@/lib/format'
import type { Order } from '@/lib/payments/payment-schemas'
import { ORDER_STATUSES, type OrderStatus } from '@/lib/payments/payment-schemas'
import { formatAmount } from '@/lib/payments/pricing'
import { useSessionUser } from '@/lib/session'
import { useOrders } from '../hooks/use-orders'
import { orderTime } from '../model/order-time'

interface OrdersPageProps {
  /** Opens the login dialog (wired by the app). */
  onLogin: () => void
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'border-sky-400/30 bg-sky-400/10 text-sky-200',
  paid: 'border-signal-400/30 bg-signal-400/10 text-signal-400',
  expired: 'border-white/10 bg-white/[0.04] text-zinc-400',
  failed: 'border-red-500/30 bg-red-500/10 text-red-200',
  refunded: 'border-violet-400/30 bg-violet-400/10 text-violet-200',
  review: 'border-amber-500/30 bg-amber-500/10 text-amber-200',
}

function isStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/** The account's orders (issue 14): status, product, amount, method and time in GMT+8, page by page. */
export function OrdersPage({ onLogin }: OrdersPageProps) {
  const { t } = useTranslation('payments')
  const user = useSessionUser()
  const [page, setPage] = useState(1)
  const query = useOrders(page, user !== null)
  const errorText = useErrorText('payments')

  let body
  if (!user) {
    body = (
      <section aria-label={t('orders.loginTitle')} className="flex flex-col items-center gap-3 rounded-2xl border border-white/10 bg-ink-850/80 px-6 py-10 text-center">
        <p className="font-semibold text-white">{t('orders.loginTitle')}</p>
        <p className="text-sm text-zinc-400">{t('orders.loginBody')}</p>
        <Button onClick={onLogin}>{t('orders.loginAction')}</Button>
      </section>
    )
  } else if (query.isPending) {
    body = (
      <output className="flex items-center justify-center gap-3 py-10 text-sm text-zinc-400">
        <Spinner />
        {t('orders.loading')}
      </output>
    )
  } else if (query.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8">
        <p role="alert" className="text-sm text-red-300">
          {errorText(query.error)}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('orders.retry')}
        </Button>
      </div>
    )
  } else if (query.data.total === 0 || (query.data.data.length === 0 && page === 1)) {
    body = <EmptyState icon={Receipt} title={t('orders.empty')} body={t('orders.emptyBody')} />
  } else {
    const { data, pageSize, total } = query.data
    const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
    body = (
      <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
        <ul aria-label={t('orders.listLabel')} className="flex flex-col gap-3">
          {data.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label={t('orders.pagination')} className="flex items-center justify-center gap-3">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              <ChevronLeft aria-hidden="true" />
              {t('orders.previous')}
            </Button>
            <span className="text-sm text-zinc-300 tabular-nums" aria-live="polite">
              {t('orders.page', { page, pages })}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
              {t('orders.next')}
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </div>
    )
  }

  return (
    <PageFrame title={t('orders.title')} description={t('orders.description')} icon={Receipt}>
      {body}
    </PageFrame>
  )
}

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation('payments')
  const texts = usePaymentTexts()
  const created = orderTime(order.createdAt)
  const paid = orderTime(order.paidAt)
  const product = order.productType === 'vip' || order.productType === 'server_rental' ? t(`products.${order.productType}`) : order.productType
  const unknown = t('orders.unknown')
  const fields: [string, string][] = [
    [t('orders.amount'), order.amount === null || order.amount === undefined ? unknown : formatAmount(order.amount, order.currency)],
    [t('orders.method'), order.method ? texts.method(order.method) : unknown],
    [t('orders.time'), created ? formatDateTimeGmt8(created) : unknown],
    ...(paid ? ([[t('orders.paidAt'), formatDateTimeGmt8(paid)]] as [string, string][]) : []),
  ]
  return (
    <li aria-label={`${product} ${order.id}`} className="rounded-2xl border border-white/[0.07] bg-ink-850/80 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-white">{product}</p>
        <span
          data-testid="order-status"
          className={cn(
            'rounded-md border px-2 py-0.5 text-xs font-semibold',
            isStatus(order.status) ? STATUS_STYLES[order.status] : STATUS_STYLES.expired,
          )}
        >
          {isStatus(order.status) ? t(`status.${order.status}`) : order.status}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-5">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-zinc-400">{label}</dt>
            <dd className="text-zinc-100 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="col-span-2 min-w-0 lg:col-span-1">
          <dt className="text-xs text-zinc-400">{t('orders.orderId')}</dt>
          <dd className="truncate font-mono text-xs text-zinc-300" title={order.id}>
            {order.id}
          </dd>
        </div>
      </dl>
    </li>
  )
}
