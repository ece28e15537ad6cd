import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/field'
import { logAuthAction, startSession } from '@/lib/session'
import { storage } from '@/lib/storage'
import { emailLogin } from '../api/auth-api'
import { emailLoginError, type AuthMessage } from '../model/auth-errors'
import { isValidEmail } from '../model/validation'
import { EmailField, FormSubmit, LinkButton } from './auth-form-parts'

interface EmailLoginViewProps {
  initialEmail: string
  onLoggedIn: () => void
  onNeedsBinding: (email: string) => void
  onRegister: (email: string) => void
  onForgotPassword: (email: string) => void
}

/** E-mail and password (spec 000 §2.4, §4.2). */
export function EmailLoginView({
  initialEmail,
  onLoggedIn,
  onNeedsBinding,
  onRegister,
  onForgotPassword,
}: EmailLoginViewProps) {
  const { t } = useTranslation('auth')
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [emailInvalid, setEmailInvalid] = useState(false)
  const [passwordMissing, setPasswordMissing] = useState(false)
  const [error, setError] = useState<AuthMessage | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const address = email.trim()
    const badEmail = !isValidEmail(address)
    setEmailInvalid(badEmail)
    setPasswordMissing(password === '')
    setError(null)
    if (badEmail || password === '') return
    setBusy(true)
    try {
      const result = await emailLogin(address, password)
      if (result.needsSteamBinding) {
        storage.emailBindToken.set(result.bindToken)
        storage.bindingEmail.set(result.email)
        onNeedsBinding(result.email)
        return
      }
      startSession({ user: result.user, token: result.token })
      // Awaited: the page reloads next, which would cancel the call.
      await logAuthAction('LOGIN-EMAIL', result.user.steamId)
      onLoggedIn()
    } catch (failure) {
      setError(emailLoginError(failure))
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField
        label={t('emailLogin.email')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          setEmailInvalid(false)
        }}
        message={emailInvalid ? t('errors.INVALID_EMAIL') : undefined}
      />
      <TextField
        label={t('emailLogin.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setPasswordMissing(false)
        }}
        message={passwordMissing ? t('errors.passwordRequired') : undefined}
      />
      <FormSubmit error={error} busy={busy} label={t('emailLogin.submit')} busyLabel={t('emailLogin.submitting')} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LinkButton onClick={() => onRegister(email.trim())}>{t('emailLogin.register')}</LinkButton>
        <LinkButton onClick={() => onForgotPassword(email.trim())}>{t('emailLogin.forgot')}</LinkButton>
      </div>
    </form>
  )
}
