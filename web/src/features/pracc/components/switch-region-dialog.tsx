import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowLeftRight, CheckCircle2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { isApiError } from '@/lib/api-error'
import { errorText, hasErrorTranslation } from '@/lib/error-text'
import { praccKeys } from '../api/pracc-keys'
import { switchServerRegion } from '../api/regions-api'
import { useAvailableRegions } from '../hooks/use-available-regions'
import { canSwitchTo, inRegionFilter, orderRegions, type RegionFilter } from '../model/regions'
import { isSwitchLimitError, serverMessage } from '../model/server-errors'
import { HoldButton } from './hold-button'
import { RegionFilterTabs } from './region-filter-tabs'
import { RegionOption } from './region-option'
import type { ServerDialogProps } from './server-dialog-props'
import { useRegionLabel } from './use-region-label'

/**
 * Switch region (spec 001 §2.4, §4): the regions with the current one first, then the recommended
 * ones, filtered by group; an available region other than the current one, held for 2 s; then the
 * success message, whose confirm closes and refreshes the list.
 */
export function SwitchRegionDialog({ server, onClose }: ServerDialogProps) {
  const { t } = useTranslation('pracc-servers')
  const regionLabel = useRegionLabel()
  const queryClient = useQueryClient()
  // Only premium (relocatable) servers switch, so the premium tier's regions are the choice.
  const regions = useAvailableRegions(true)
  const [filter, setFilter] = useState<RegionFilter>('all')
  const [target, setTarget] = useState<string | null>(null)
  const groupName = useId()
  const switching = useMutation({
    mutationFn: (region: string) => switchServerRegion(server.id, region),
    onError: (error) => console.warn('Failed to switch region', error),
  })

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: praccKeys.servers })
    onClose()
  }

  const ordered = orderRegions(regions.data ?? [], server.region)
  const shown = ordered.filter((entry) => inRegionFilter(entry.region, filter))
  const validTarget = ordered.some((entry) => entry.region === target && canSwitchTo(entry, server.region)) ? target : null

  // The limit has its own message; a code the web knows (SERVER_BUSY_STATE, REGION_UNAVAILABLE, a
  // rate limit ...) its text; another the server's text; else the switch error.
  const failureText = (error: unknown) => {
    if (isSwitchLimitError(error)) return t('switchRegion.limitExceeded')
    if (isApiError(error) && hasErrorTranslation(error.code, 'pracc-servers')) return errorText(error, 'pracc-servers')
    return serverMessage(error) ?? t('switchRegion.switchError')
  }
  const failure = switching.isError ? failureText(switching.error) : null

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) (switching.isSuccess ? finish : onClose)()
      }}
      title={t('switchRegion.title')}
      description={t('switchRegion.description', { name: server.name })}
      size="lg"
    >
      {switching.isSuccess ? (
        <output className="flex flex-col items-center gap-3 py-2 text-center">
          <CheckCircle2 className="size-12 text-signal-400" aria-hidden="true" />
          <p className="text-lg font-bold text-white">{t('switchRegion.successTitle')}</p>
          <p className="text-sm text-zinc-300">
            {t('switchRegion.successBody', { name: server.name, region: regionLabel(switching.variables) })}
          </p>
          <Button onClick={finish}>{t('switchRegion.done')}</Button>
        </output>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-zinc-300">{t('switchRegion.current', { region: regionLabel(server.region) })}</p>
          <RegionFilterTabs value={filter} onChange={setFilter} />
          {regions.isPending ? (
            <output className="flex items-center gap-2 text-sm text-zinc-400">
              <Spinner className="size-4" />
              {t('regionPicker.loading')}
            </output>
          ) : regions.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {t('switchRegion.fetchError')}
            </p>
          ) : (
            <fieldset disabled={switching.isPending} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
              <legend className="sr-only">{t('switchRegion.listLabel')}</legend>
              {shown.length === 0 && <p className="col-span-full text-sm text-zinc-400">{t('regionPicker.empty')}</p>}
              {shown.map((entry) => (
                <RegionOption
                  key={entry.region}
                  entry={entry}
                  name={groupName}
                  checked={validTarget === entry.region}
                  disabled={!canSwitchTo(entry, server.region)}
                  current={entry.region === server.region}
                  onChange={() => setTarget(entry.region)}
                />
              ))}
            </fieldset>
          )}
          {failure && (
            <p role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
              {failure}
            </p>
          )}
          <div className="flex items-center justify-end gap-3">
            {switching.isPending && <Spinner className="size-5" />}
            <HoldButton
              variant="primary"
              size="md"
              disabled={validTarget === null || switching.isPending}
              hint={validTarget === null ? t('switchRegion.pickTarget') : t('hints.switchRegion')}
              onConfirm={() => validTarget && switching.mutate(validTarget)}
            >
              <ArrowLeftRight className="size-4" aria-hidden="true" />
              {validTarget ? t('switchRegion.confirm', { region: regionLabel(validTarget) }) : t('actions.switchRegion')}
            </HoldButton>
          </div>
        </div>
      )}
    </Dialog>
  )
}
