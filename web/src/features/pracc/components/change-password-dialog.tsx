import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/field'
import { endInvalidSession } from '@/lib/session'
import { praccKeys } from '../api/pracc-keys'
import { changeServerPassword } from '../api/server-actions-api'
import { useRentalErrorText } from '../hooks/use-rental-error-text'
import { passwordChangeFailure } from '../model/server-errors'
import { validatePasswordChange, validateServerPassword } from '../model/server-form'
import type { ServerDialogProps } from './server-dialog-props'


/** Change password (spec 001 §2.4, §4, §5): password and confirmation, then a success view, then confirm. */
export function ChangePasswordDialog({ server, onClose }: ServerDialogProps) {
  const { t } = useTranslation('pracc-servers')
  const queryClient = useQueryClient()
  const rentalText = useRentalErrorText()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [checked, setChecked] = useState(false)
  const change = useMutation({
    mutationFn: () => changeServerPassword(server.id, password.trim()),
    onError: (error) => {
      console.warn('Failed to change password', error)
      if (passwordChangeFailure(error) === 'tokenExpired') endInvalidSession()
    },
  })

  const passwordError = checked || password !== '' ? validateServerPassword(password) : null
  // The confirmation only has to match; the password's own rules show on the first field.
  const confirmError = (checked || confirm !== '') && password.trim() !== confirm.trim() ? 'passwordMismatch' : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (validatePasswordChange(password, confirm) !== null || change.isPending) return
    change.mutate()
  }

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: praccKeys.servers })
    onClose()
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) (change.isSuccess ? finish : onClose)()
      }}
      title={t('password.title')}
      description={t('password.description', { name: server.name })}
      size="sm"
    >
      {change.isSuccess ? (
        <output className="flex flex-col items-center gap-3 py-2 text-center">
          <CheckCircle2 className="size-12 text-signal-400" aria-hidden="true" />
          <p className="text-lg font-bold text-white">{t('password.successTitle')}</p>
          <p className="text-sm text-zinc-300">{t('password.successBody', { name: server.name })}</p>
          <Button onClick={finish}>{t('password.done')}</Button>
        </output>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t('password.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            message={passwordError ? t(`validation.${passwordError}`) : undefined}
          />
          <TextField
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            message={confirmError ? t(`validation.${confirmError}`) : undefined}
          />
          {change.isError && (
            <p role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
              {passwordChangeFailure(change.error) === 'tokenExpired' ? (
                t('password.tokenExpired')
              ) : (
                <>
                  {t('password.contactAdmin')}
                  {/* Why, when the rental can say it (e.g. the server is still booting). */}
                  {rentalText(change.error) && <span className="mt-0.5 block text-red-200/80">{rentalText(change.error)}</span>}
                </>
              )}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {t('password.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
