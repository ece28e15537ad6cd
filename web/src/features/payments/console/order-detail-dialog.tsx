import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast-context'
import { ConfirmDialog } from '@/components/console/confirm-dialog'
import { consoleListKeys } from '@/lib/console/use-console-list'
import { formatMoney, formatUnixTime } from '@/lib/console/format'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { useLanguage } from '@/lib/use-language'
import { inOpsWords } from './in-ops-words'
import { durationLabel, eventKindLabel, methodLabel, productLabel, stateLabel } from './order-labels'
import { fetchOrder, orderActions, orderKeys, refundOrder, releaseOrder, type OrderDetail, type OrderEvent } from './orders-api'

type Pending = 'refund' | 'release' | null

/** One order: its fields, every event with the provider notifications as received, refund and release. */
export function OrderDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const errorText = useErrorText('console-ops')
  const language = useLanguage()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [pending, setPending] = useState<Pending>(null)
  const query = useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => logged('Failed to fetch the order', fetchOrder(id ?? '', signal)),
    enabled: id !== null,
  })
  const order = query.data
  const amount = order ? formatMoney(order.amount_minor, order.currency, language) : ''
  const actions = order ? orderActions(order.state) : { refund: false, release: false }

  const act = async (kind: 'refund' | 'release', reason: string) => {
    if (!order) return
    await inOpsWords(kind === 'refund' ? refundOrder(order.id, reason) : releaseOrder(order.id, reason))
    toast({ title: t(kind === 'refund' ? 'orders.refunded' : 'orders.released'), tone: 'success' })
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) }),
      queryClient.invalidateQueries({ queryKey: consoleListKeys.all }),
    ])
  }

  return (
    <>
      <Dialog open={id !== null && pending === null} onOpenChange={(open) => !open && onClose()} title={t('orders.details')} size="lg">
        {query.isLoading && (
          <output className="flex items-center gap-2 text-sm text-zinc-400">
            <Spinner />
            {t('common.loading')}
          </output>
        )}
        {query.isError && (
          <p role="alert" className="text-sm text-danger-400">
            {errorText(query.error)}
          </p>
        )}
        {order && (
          <div className="flex flex-col gap-5">
            <OrderFields order={order} amount={amount} />
            {(actions.refund || actions.release) && (
              <div className="flex flex-wrap gap-2">
                {actions.release && <Button onClick={() => setPending('release')}>{t('orders.release')}</Button>}
                {actions.refund && (
                  <Button variant="danger" onClick={() => setPending('refund')}>
                    {t('orders.refund')}
                  </Button>
                )}
              </div>
            )}
            <OrderEvents events={order.events} />
          </div>
        )}
      </Dialog>
      {order && (
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => !open && setPending(null)}
          title={t(pending === 'release' ? 'orders.releaseTitle' : 'orders.refundTitle', { id: order.id })}
          description={pending === 'release' ? t('orders.releaseBody') : t('orders.refundBody', { amount })}
          tone={pending === 'refund' ? 'danger' : 'primary'}
          confirmLabel={t(pending === 'release' ? 'orders.release' : 'orders.refund')}
          onConfirm={(reason) => act(pending ?? 'refund', reason)}
        />
      )}
    </>
  )
}

function OrderFields({ order, amount }: { order: OrderDetail; amount: string }) {
  const { t } = useTranslation('console-ops')
  const rows: [string, string][] = [
    [t('orders.id'), order.id],
    [t('orders.state'), stateLabel(order.state)],
    [t('orders.buyer'), [order.name, order.email, order.steam_id].filter(Boolean).join(' · ') || '—'],
    [t('orders.product'), [productLabel(order.product_type), durationLabel(order.duration)].filter(Boolean).join(' · ')],
    [t('orders.amount'), amount],
    [t('orders.method'), methodLabel(order.method)],
    [t('orders.createdAt'), formatUnixTime(order.created_at)],
    [t('orders.paidAt'), formatUnixTime(order.paid_at) || '—'],
  ]
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col">
          <dt className="text-xs text-zinc-400">{label}</dt>
          <dd className="break-all text-zinc-100" data-field={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function detailText(details: unknown): string {
  if (details === undefined || details === null || details === '') return ''
  return typeof details === 'string' ? details : JSON.stringify(details, null, 2)
}

function OrderEvents({ events }: { events: OrderEvent[] }) {
  const { t } = useTranslation('console-ops')
  return (
    <section aria-labelledby="order-events-title" className="flex flex-col gap-2">
      <h3 id="order-events-title" className="text-sm font-semibold text-white">
        {t('orders.events')}
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('orders.noEvents')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="rounded-lg border border-white/[0.07] bg-ink-900/60 p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="tabular-nums text-zinc-400">{formatUnixTime(event.at)}</span>
                <span className="font-semibold text-zinc-100" data-kind={event.kind}>
                  {eventKindLabel(event.kind)}
                </span>
                {(event.from_state || event.to_state) && (
                  <span className="text-zinc-300">
                    {event.from_state ? stateLabel(event.from_state) : '—'} → {event.to_state ? stateLabel(event.to_state) : '—'}
                  </span>
                )}
                {event.actor && <span className="font-mono text-xs text-zinc-500">{event.actor}</span>}
              </div>
              {detailText(event.details) && (
                <pre className="mt-2 max-h-48 overflow-auto rounded bg-black/30 p-2 text-xs whitespace-pre-wrap break-all text-zinc-300">
                  {detailText(event.details)}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
