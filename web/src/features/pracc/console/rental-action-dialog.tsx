import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast-context'
import { ConfirmDialog } from '@/components/console/confirm-dialog'
import { consoleListKeys } from '@/lib/console/use-console-list'
import { inOpsWords } from './in-ops-words'
import { maintenanceText, parseExtendHours, type RentalAction } from './rental-actions'
import { rentalCalls, type ConsoleRental } from './rentals-api'

export interface PendingRentalAction {
  rental: ConsoleRental
  action: RentalAction
}

/** The reasoned change of one rented server: maintenance on (with its note) or off, extend, end, retry. */
export function RentalActionDialog({ pending, onClose }: { pending: PendingRentalAction | null; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [note, setNote] = useState('')
  const [hours, setHours] = useState('24')
  const [problem, setProblem] = useState<string | null>(null)

  if (!pending) return null
  const { rental, action } = pending
  const name = rental.name || rental.id
  const endingMaintenance = action === 'maintenance' && rental.maintenance

  const close = () => {
    setNote('')
    setHours('24')
    setProblem(null)
    onClose()
  }

  const send = (reason: string): Promise<unknown> => inOpsWords(change(reason))

  const change = async (reason: string): Promise<unknown> => {
    setProblem(null)
    let done: string
    if (action === 'maintenance') {
      if (endingMaintenance) {
        await rentalCalls.maintenance(rental.id, false, '', reason)
      } else {
        const text = maintenanceText(note)
        if (text === null) {
          setProblem(t('rentals.maintenanceTextInvalid'))
          return false
        }
        await rentalCalls.maintenance(rental.id, true, text, reason)
      }
      done = t('rentals.maintenanceDone')
    } else if (action === 'extend') {
      const value = parseExtendHours(hours)
      if (value === null) {
        setProblem(t('rentals.hoursInvalid'))
        return false
      }
      await rentalCalls.extend(rental.id, value, reason)
      done = t('rentals.extended')
    } else if (action === 'end') {
      await rentalCalls.end(rental.id, reason)
      done = t('rentals.ended')
    } else {
      await rentalCalls.retry(rental.id, reason)
      done = t('rentals.retried')
    }
    toast({ title: done, tone: 'success' })
    await queryClient.invalidateQueries({ queryKey: consoleListKeys.all })
    setNote('')
    setHours('24')
    return true
  }

  const titles: Record<RentalAction, string> = {
    maintenance: endingMaintenance ? t('rentals.endMaintenanceTitle', { name }) : t('rentals.maintenanceTitle', { name }),
    extend: t('rentals.extendTitle', { name }),
    end: t('rentals.endTitle', { name }),
    retry: t('rentals.retryTitle', { name }),
  }
  const descriptions: Partial<Record<RentalAction, string>> = { end: t('rentals.endBody'), retry: t('rentals.retryBody') }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && close()}
      title={titles[action]}
      description={descriptions[action]}
      tone={action === 'end' ? 'danger' : 'primary'}
      onConfirm={send}
    >
      {action === 'maintenance' && !endingMaintenance && (
        <TextField
          label={t('rentals.maintenanceText')}
          name="maintenance-text"
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
          message={problem ?? undefined}
        />
      )}
      {action === 'extend' && (
        <TextField
          label={t('rentals.hours')}
          name="hours"
          inputMode="numeric"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          message={problem ?? undefined}
        />
      )}
    </ConfirmDialog>
  )
}
