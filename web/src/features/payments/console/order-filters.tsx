import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { gmt8InputToUnix, unixToGmt8Input } from '@/lib/console/format'
import type { ConsoleList } from '@/lib/console/use-console-list'
import { PAYMENT_METHODS } from '@/lib/payments/payment-methods'
import { ORDER_STATES } from './orders-api'
import { methodLabel, productLabel, stateLabel } from './order-labels'
import { PRODUCT_TYPES } from './price-form'

type ListControls = Pick<ConsoleList<unknown>, 'params' | 'setQuery' | 'setFilter' | 'clearFilters'>

/** The order list's search and filters; every change goes to the URL (and from there to the server). */
export function OrderFilters({ list }: { list: ListControls }) {
  const { t } = useTranslation('console-ops')
  const [q, setQ] = useState(list.params.q)
  const filter = (key: string) => list.params.filters[key] ?? ''
  const all = t('common.all')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    list.setQuery(q)
  }
  const dateFilter = (key: 'from' | 'to', label: string) => (
    <TextField
      type="datetime-local"
      label={label}
      value={unixToGmt8Input(filter(key) ? Number(filter(key)) : null)}
      onChange={(event) => {
        const seconds = gmt8InputToUnix(event.target.value)
        list.setFilter(key, seconds === null ? '' : String(seconds))
      }}
    />
  )
  return (
    <div className="flex flex-col gap-3">
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <TextField
            className="min-w-56 flex-1"
            type="search"
            label={t('orders.searchLabel')}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <Button type="submit">{t('common.search')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setQ('')
              list.clearFilters()
            }}
          >
            {t('common.clear')}
          </Button>
        </form>
      </search>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        <SelectField
          label={t('orders.state')}
          placeholder={all}
          value={filter('state')}
          onChange={(event) => list.setFilter('state', event.target.value)}
          options={ORDER_STATES.map((value) => ({ value, label: stateLabel(value) }))}
        />
        <SelectField
          label={t('orders.method')}
          placeholder={all}
          value={filter('method')}
          onChange={(event) => list.setFilter('method', event.target.value)}
          options={PAYMENT_METHODS.map((value) => ({ value, label: methodLabel(value) }))}
        />
        <SelectField
          label={t('orders.product')}
          placeholder={all}
          value={filter('product_type')}
          onChange={(event) => list.setFilter('product_type', event.target.value)}
          options={PRODUCT_TYPES.map((value) => ({ value, label: productLabel(value) }))}
        />
        {dateFilter('from', t('orders.from'))}
        {dateFilter('to', t('orders.to'))}
      </div>
      <p className="text-xs text-zinc-500">{t('common.gmt8')}</p>
    </div>
  )
}
