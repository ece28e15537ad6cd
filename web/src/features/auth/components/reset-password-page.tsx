import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { Panel } from '@/components/ui/panel'
import { useToast } from '@/components/ui/toast-context'
import { errorState, fromSearch, useFromSearch } from '@/lib/navigation'
import { confirmPasswordReset } from '../api/auth-api'
import { rememberLoginEmail } from '../hooks/use-login-dialog'
import { useNewPassword } from '../hooks/use-new-password'
import { resetConfirmError, type AuthMessage } from '../model/auth-errors'
import { SHOW_EMAIL_LOGIN_PARAM } from '../model/login-views'
import { resetPasswordProblem } from '../model/validation'
import { FormSubmit } from './auth-form-parts'
import { NewPasswordFields } from './new-password-fields'
import { PasswordField } from './password-field'

/** /reset-password?token=…&email=…: the link from the reset e-mail lands here (spec 000 §2.5). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const from = useFromSearch()
  const token = params.get('token')
  const email = params.get('email')
  if (!token || !email) {
    return <Navigate to={{ pathname: '/login', search: from }} replace state={errorState('missingParams', t('errors.missingParams'), 'auth')} />
  }
  return <ResetPasswordForm token={token} email={email} />
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { toast } = useToast()
  const newPassword = useNewPassword(resetPasswordProblem)
  const [error, setError] = useState<AuthMessage | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const valid = newPassword.check()
    setError(null)
    if (!valid) return
    setBusy(true)
    try {
      await confirmPasswordReset({ email, token, newPassword: newPassword.password })
      toast({ tone: 'success', title: t('resetPassword.success') })
      // The login form that opens next starts with this account's address.
      rememberLoginEmail(email)
      const next = new URLSearchParams(fromSearch(`?${params.toString()}`))
      next.set(SHOW_EMAIL_LOGIN_PARAM, 'true')
      navigate({ pathname: '/', search: `?${next.toString()}` }, { replace: true })
    } catch (failure) {
      setError(resetConfirmError(failure))
      setBusy(false)
    }
  }

  return (
    <PageFrame title={t('resetPassword.title')} description={t('resetPassword.description')} icon={KeyRound}>
      <Panel className="mx-auto w-full max-w-md">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-400">{t('resetPassword.account', { email })}</p>
          <NewPasswordFields
            value={newPassword}
            label={t('resetPassword.newPassword')}
            hint={t('resetPassword.hint')}
            confirmLabel={t('resetPassword.confirmPassword')}
            input={PasswordField}
          />
          <FormSubmit
            error={error}
            busy={busy}
            label={t('resetPassword.submit')}
            busyLabel={t('resetPassword.submitting')}
          />
        </form>
      </Panel>
    </PageFrame>
  )
}
