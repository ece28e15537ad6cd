import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MethodChoice } from '@/components/payments/checkout-parts'
import { TextField } from '@/components/ui/field'
import { useAppConfig } from '@/lib/config/config-context'
import { useSessionUser } from '@/lib/session'
import { praccKeys } from '../api/pracc-keys'
import { useAvailableRegions } from '../hooks/use-available-regions'
import { useRentalCheckout } from '../hooks/use-rental-checkout'
import { useServerFields } from '../hooks/use-server-fields'
import { isRelocatableMode, newServerOrder, type RegionMode } from '../model/rental'
import { CheckoutFooter } from './checkout-footer'
import { CheckoutSummary } from './checkout-summary'
import { DurationSelect } from './duration-select'
import { PricesProblem } from './prices-problem'
import { RentalPaymentView } from './rental-payment-view'
import { RegionModePicker } from './region-mode-picker'
import { ServerCreating } from './server-creating'
import { ServerTypeTabs } from './server-type-tabs'
import { WideDialog } from './wide-dialog'

/**
 * The new-server dialog (spec 001 §2.3, §4, §5): name, password and duration; region mode and
 * region; payment method; the total and the submit; then the payment view and "server creating".
 * It is mounted only while open, so closing it clears the form, the timers and the errors.
 */
export interface NewServerDialogProps {
  onClose: () => void
}

export function NewServerDialog({ onClose }: NewServerDialogProps) {
  const { t } = useTranslation('pracc-servers')
  const { payments } = useAppConfig()
  const user = useSessionUser()
  const queryClient = useQueryClient()
  const fields = useServerFields()
  const [mode, setMode] = useState<RegionMode | null>(null)
  const [region, setRegion] = useState<string | null>(null)
  const regions = useAvailableRegions(mode === 'flexible')
  const checkout = useRentalCheckout({ relocatable: mode === null ? null : isRelocatableMode(mode) })
  const { hours, method, total, payment } = checkout
  const panelId = useId()

  const regionOk = regions.data?.some((entry) => entry.region === region && entry.available) ?? false
  const ready = fields.valid && mode !== null && regionOk && method !== null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    fields.touch('name')
    fields.touch('password')
    if (!ready || checkout.busy || total.kind !== 'price' || mode === null || region === null || method === null) return
    payment.start({
      method,
      order: newServerOrder({
        serverName: fields.name,
        password: fields.password,
        region,
        hours,
        method,
        mode,
        nickname: user?.username ?? '',
      }),
    })
  }

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: praccKeys.servers })
    onClose()
  }

  return (
    <WideDialog
      onOpenChange={(open) => {
        if (!open) (payment.state.phase === 'paid' ? finish : onClose)()
      }}
      title={t('newServer.title')}
      description={t('newServer.description')}
    >
      <ServerTypeTabs panelId={panelId} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab`} className="pt-5">
        {payments.methods.length === 0 ? (
          <PricesProblem kind="noMethods" />
        ) : (
          <div className="flex flex-col gap-5">
            {checkout.formShown ? (
              <form noValidate onSubmit={submit} aria-busy={checkout.busy}>
                <fieldset disabled={checkout.busy} className="flex flex-col gap-5">
                  <div className="grid gap-5 md:grid-cols-[minmax(0,0.9fr)_minmax(0,2fr)_minmax(0,0.9fr)]">
                    <div className="flex flex-col gap-4">
                      <TextField
                        label={t('newServer.name')}
                        placeholder={t('newServer.namePlaceholder')}
                        autoComplete="off"
                        value={fields.name}
                        onChange={(event) => fields.setName(event.target.value)}
                        onBlur={() => fields.touch('name')}
                        message={fields.shownNameError ? t(`validation.${fields.shownNameError}`) : undefined}
                      />
                      <TextField
                        label={t('newServer.password')}
                        placeholder={t('newServer.passwordPlaceholder')}
                        autoComplete="off"
                        value={fields.password}
                        onChange={(event) => fields.setPassword(event.target.value)}
                        onBlur={() => fields.touch('password')}
                        message={fields.shownPasswordError ? t(`validation.${fields.shownPasswordError}`) : undefined}
                      />
                      <DurationSelect value={hours} method={method} onChange={checkout.setHours} />
                    </div>
                    <RegionModePicker mode={mode} onModeChange={setMode} region={regionOk ? region : null} onRegionChange={setRegion} />
                    {/* The shared method cards sit three abreast; in this narrow column they stack. */}
                    <div className="md:[&_.grid]:grid-cols-1">
                      <MethodChoice methods={payments.methods} value={method} onChange={checkout.chooseMethod} />
                    </div>
                  </div>
                  {checkout.pricesError !== null && <PricesProblem kind="failed" error={checkout.pricesError} />}
                  <div className="flex flex-col gap-3 border-t border-white/[0.07] pt-4">
                    <p className="text-xs text-zinc-400">{t('newServer.notice')}</p>
                    <CheckoutFooter total={total} payment={payment.state} ready={ready} onRetry={payment.reset} />
                  </div>
                </fieldset>
              </form>
            ) : (
              <CheckoutSummary hours={hours} method={method} total={total} />
            )}
            <RentalPaymentView state={payment.state} onRetry={payment.reset} success={<ServerCreating onConfirm={finish} />} />
          </div>
        )}
      </div>
    </WideDialog>
  )
}
