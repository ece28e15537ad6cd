import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { formatMoney, formatUnixTime } from '@/lib/console/format'
import { logged } from '@/lib/logged'
import { useLanguage } from '@/lib/use-language'
import { durationLabel, productLabel } from './order-labels'
import { PriceEditorDialog } from './price-editor-dialog'
import { PRODUCT_TYPES } from './price-form'
import { DeletePriceDialog } from './delete-price-dialog'
import { fetchPrices, priceKeys, type ConsolePrice } from './prices-api'

const keyOf = (price: ConsolePrice) => `${price.product_type}|${price.duration}|${price.relocatable}|${price.currency}`

/** /console/prices: the price table per product, duration, tier and currency; edit and delete. */
export function PricesScreen() {
  const { t } = useTranslation('console-ops')
  const language = useLanguage()
  const [search, setSearch] = useSearchParams()
  const productType = search.get('product_type') ?? ''
  const [editing, setEditing] = useState<ConsolePrice | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ConsolePrice | null>(null)
  const query = useQuery({
    queryKey: priceKeys.list(productType),
    queryFn: ({ signal }) => logged('Failed to fetch the prices', fetchPrices(productType, signal)),
  })
  const tier = (price: ConsolePrice) =>
    price.product_type === 'server_rental' ? t(price.relocatable ? 'prices.relocatable' : 'prices.fixed') : '—'

  const columns: DataColumn<ConsolePrice>[] = [
    { id: 'product', header: t('prices.product'), render: (price) => productLabel(price.product_type) },
    { id: 'duration', header: t('prices.duration'), render: (price) => durationLabel(price.duration) },
    { id: 'tier', header: t('prices.tier'), render: tier },
    { id: 'currency', header: t('prices.currency'), render: (price) => price.currency },
    {
      id: 'amount',
      header: t('prices.amount'),
      className: 'text-right tabular-nums',
      render: (price) => formatMoney(price.amount_minor, price.currency, language),
    },
    { id: 'updated', header: t('prices.updatedAt'), className: 'tabular-nums', render: (price) => formatUnixTime(price.updated_at) },
    {
      id: 'actions',
      header: t('common.actions'),
      render: (price) => (
        <div className="flex gap-1.5">
          <Button size="sm" variant="secondary" onClick={() => setEditing(price)}>
            {t('common.edit')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(price)}>
            {t('common.delete')}
          </Button>
        </div>
      ),
    },
  ]

  return (
    <ConsolePage
      title={t('prices.title')}
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {t('prices.new')}
        </Button>
      }
    >
      <SelectField
        className="max-w-xs"
        label={t('prices.product')}
        placeholder={t('common.all')}
        value={productType}
        onChange={(event) =>
          setSearch((current) => {
            const next = new URLSearchParams(current)
            if (event.target.value) next.set('product_type', event.target.value)
            else next.delete('product_type')
            return next
          })
        }
        options={PRODUCT_TYPES.map((value) => ({ value, label: productLabel(value) }))}
      />
      <DataTable
        caption={t('prices.title')}
        columns={columns}
        rows={query.data ?? []}
        rowKey={keyOf}
        loading={query.isLoading}
        error={query.error}
        errorNamespace="console-ops"
        onRetry={() => void query.refetch()}
      />
      {editing !== null && <PriceEditorDialog price={editing} onClose={() => setEditing(null)} />}
      {deleting !== null && (
        <DeletePriceDialog
          price={deleting}
          description={t('prices.deleteBody', {
            product: productLabel(deleting.product_type),
            duration: durationLabel(deleting.duration),
            tier: tier(deleting),
            currency: deleting.currency,
          })}
          onClose={() => setDeleting(null)}
        />
      )}
    </ConsolePage>
  )
}
