import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@/lib/constants'
import { requestPasswordReset } from '../api/auth-api'
import { resetRequestError, type AuthMessage } from '../model/auth-errors'
import { recordResetRequest, resetRequestThrottled } from '../model/reset-throttle'
import { isValidEmail } from '../model/validation'
import { EmailField, FormNote, FormSubmit } from './auth-form-parts'

/** Asks for a password-reset link (spec 000 §2.4, §4.4); at most one request per 5 minutes. */
export function ResetRequestView({ initialEmail }: { initialEmail: string }) {
  const { t, i18n } = useTranslation('auth')
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
      <EmailField
        label={t('resetRequest.email')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          setEmailInvalid(false)
        }}
        message={emailInvalid ? t('errors.INVALID_EMAIL') : undefined}
      />
      <FormSubmit
        error={error}
        note={sentTo && <FormNote>{t('resetRequest.sent', { email: sentTo })}</FormNote>}
        busy={busy}
        label={t('resetRequest.submit')}
        busyLabel={t('resetRequest.submitting')}
      />
    </form>
  )
}
