import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormFooter } from '@/components/console/form-footer'
import { Dialog } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/field'
import { Switch } from '@/components/ui/switch'
import { useToast } from '@/components/ui/toast-context'
import { minorToMajorInput } from './money-input'
import { durationLabel, productLabel } from './order-labels'
import { CURRENCIES, PRICE_DURATIONS, PRODUCT_TYPES, readPriceForm, type PriceForm, type PriceFormProblem } from './price-form'
import { priceKeys, savePrice, type ConsolePrice } from './prices-api'

/** Adds a price, or changes one's amount (its key fields stay: a new key is a new price). */
export function PriceEditorDialog({ price, onClose }: { price: ConsolePrice | 'new'; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const editing = price !== 'new'
  const [form, setForm] = useState<PriceForm>(() =>
    editing
      ? {
          productType: price.product_type,
          duration: String(price.duration),
          relocatable: price.relocatable,
          currency: price.currency,
          amount: minorToMajorInput(price.amount_minor),
        }
      : { productType: 'server_rental', duration: '168', relocatable: false, currency: 'CNY', amount: '' },
  )
  const [problems, setProblems] = useState<Partial<Record<'duration' | 'amount', PriceFormProblem>>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)
  const set = (patch: Partial<PriceForm>) => setForm((current) => ({ ...current, ...patch }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const result = readPriceForm(form)
    if (!result.ok) {
      setProblems(result.problems)
      return
    }
    setProblems({})
    setWorking(true)
    setFailure(null)
    try {
      await savePrice(result.body)
      toast({ title: t('prices.saved'), tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: priceKeys.all })
      onClose()
    } catch (error) {
      setFailure(error)
    } finally {
      setWorking(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !working && onClose()} title={t(editing ? 'prices.editTitle' : 'prices.newTitle')}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label={t('prices.product')}
            value={form.productType}
            disabled={editing}
            onChange={(event) => set({ productType: event.target.value })}
            options={PRODUCT_TYPES.map((value) => ({ value, label: productLabel(value) }))}
          />
          <SelectField
            label={t('prices.currency')}
            value={form.currency}
            disabled={editing}
            onChange={(event) => set({ currency: event.target.value })}
            options={CURRENCIES.map((value) => ({ value, label: value }))}
          />
          <SelectField
            label={t('prices.duration')}
            value={form.duration}
            disabled={editing}
            onChange={(event) => set({ duration: event.target.value })}
            options={PRICE_DURATIONS.map((hours) => ({ value: String(hours), label: durationLabel(hours) }))}
          />
          <TextField
            label={t('prices.amountMajor')}
            inputMode="decimal"
            value={form.amount}
            onChange={(event) => set({ amount: event.target.value })}
            message={problems.amount ? t(`prices.${problems.amount}`) : undefined}
          />
        </div>
        {form.productType === 'server_rental' && (
          <Switch
            label={t('prices.relocatable')}
            checked={form.relocatable}
            disabled={editing}
            onCheckedChange={(relocatable) => set({ relocatable })}
          />
        )}
        <FormFooter failure={failure} errorNamespace="console-ops" working={working} onCancel={onClose} />
      </form>
    </Dialog>
  )
}
