import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import type { Language } from '@/lib/constants'
import { requestPasswordReset } from '../api/auth-api'
import { useAuthMessageText } from '../hooks/use-auth-message'
import { resetRequestError, type AuthMessage } from '../model/auth-errors'
import { recordResetRequest, resetRequestThrottled } from '../model/reset-throttle'
import { isValidEmail } from '../model/validation'
import { FormAlert, FormNote } from './auth-form-parts'

/** Asks for a password-reset link (spec 000 §2.4, §4.4); at most one request per 5 minutes. */
export function ResetRequestView({ initialEmail }: { initialEmail: string }) {
  const { t, i18n } = useTranslation('auth')
  const messageText = useAuthMessageText()
  const [email, setEmail] = useState(initialEmail)
  const [emailInvalid, setEmailInvalid] = useState(false)
  const [error, setError] = useState<AuthMessage | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const address = email.trim()
    setError(null)
    if (!isValidEmail(address)) return setEmailInvalid(true)
    if (resetRequestThrottled()) return setError({ error: { code: 'RATE_LIMIT_EXCEEDED' } })
    setBusy(true)
    setSentTo(null)
    try {
      await requestPasswordReset(address, (i18n.language === 'en' ? 'en' : 'zh') satisfies Language)
      recordResetRequest()
      setSentTo(address)
    } catch (failure) {
      setError(resetRequestError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('resetRequest.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          setEmailInvalid(false)
        }}
        message={emailInvalid ? t('errors.INVALID_EMAIL') : undefined}
        data-autofocus=""
      />
      {error && <FormAlert>{messageText(error)}</FormAlert>}
      {sentTo && <FormNote>{t('resetRequest.sent', { email: sentTo })}</FormNote>}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('resetRequest.submitting') : t('resetRequest.submit')}
      </Button>
    </form>
  )
}
