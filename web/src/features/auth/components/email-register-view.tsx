import { CircleCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField, type FieldMessageTone } from '@/components/ui/field'
import { isApiError } from '@/lib/api-error'
import { POST_REGISTRATION_REDIRECT_MS, RESEND_CODE_SECONDS } from '@/lib/constants'
import { useCountdown } from '@/lib/use-countdown'
import { checkEmail, register, sendRegisterCode } from '../api/auth-api'
import { useAuthMessageText } from '../hooks/use-auth-message'
import { useNewPassword } from '../hooks/use-new-password'
import { registerError, sendCodeError, type AuthMessage } from '../model/auth-errors'
import { isValidEmail, registerPasswordProblem } from '../model/validation'
import { EmailField, FormSubmit } from './auth-form-parts'
import { NewPasswordFields } from './new-password-fields'

type EmailCheck =
  | { state: 'idle' }
  | { state: 'invalid' }
  | { state: 'checking' }
  | { state: 'failed' }
  | { state: 'taken' | 'available'; email: string }

type CodeNote = { tone: 'success'; sent: true } | { tone: 'error'; message: AuthMessage }

const SUCCESS_SECONDS = POST_REGISTRATION_REDIRECT_MS / 1000

interface EmailRegisterViewProps {
  initialEmail: string
  /** After the success screen (5 s, or "log in now"): back to e-mail login with this address. */
  onDone: (email: string) => void
}

/** Registration (spec 000 §2.4, §4.3, §5). */
export function EmailRegisterView({ initialEmail, onDone }: EmailRegisterViewProps) {
  const { t } = useTranslation('auth')
  const messageText = useAuthMessageText()
  const [email, setEmail] = useState(initialEmail)
  const [check, setCheck] = useState<EmailCheck>({ state: 'idle' })
  const checkRun = useRef(0)
  const [sending, setSending] = useState(false)
  const [resendLeft, startResendCountdown] = useCountdown()
  const [codeNote, setCodeNote] = useState<CodeNote | null>(null)
  const [code, setCode] = useState('')
  const newPassword = useNewPassword(registerPasswordProblem)
  const [formError, setFormError] = useState<AuthMessage | null>(null)
  const [busy, setBusy] = useState(false)
  const [registered, setRegistered] = useState<string | null>(null)
  const [successLeft, startSuccessCountdown] = useCountdown()

  useEffect(() => {
    if (registered !== null && successLeft === 0) onDone(registered)
  }, [registered, successLeft, onDone])

  const address = email.trim()

  const checkAddress = async () => {
    if (address === '') return setCheck({ state: 'idle' })
    if (!isValidEmail(address)) return setCheck({ state: 'invalid' })
    if ((check.state === 'available' || check.state === 'taken') && check.email === address) return
    const run = ++checkRun.current
    setCheck({ state: 'checking' })
    try {
      const exists = await checkEmail(address)
      if (run === checkRun.current) setCheck({ state: exists ? 'taken' : 'available', email: address })
    } catch {
      if (run === checkRun.current) setCheck({ state: 'failed' })
    }
  }

  /** "Verify your e-mail first" is answered once a code went out or is being typed in. */
  const clearVerifyFirst = () =>
    setFormError((error) => (error && 'key' in error && error.key === 'verifyEmailFirst' ? null : error))

  const sendCode = async () => {
    if (!isValidEmail(address)) return setCheck({ state: 'invalid' })
    setSending(true)
    setCodeNote(null)
    try {
      await sendRegisterCode(address)
      startResendCountdown(RESEND_CODE_SECONDS)
      setCodeNote({ tone: 'success', sent: true })
      clearVerifyFirst()
    } catch (failure) {
      setCodeNote({ tone: 'error', message: sendCodeError(failure) })
      // The backend also enforces the resend pause; follow the wait it asks for.
      const retryAfter = isApiError(failure) ? Number(failure.details.retryAfter) : Number.NaN
      if (Number.isInteger(retryAfter) && retryAfter > 0) startResendCountdown(Math.min(retryAfter, 3600))
    } finally {
      setSending(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const passwordValid = newPassword.check()
    const verified = check.state === 'available' && check.email === address && code.trim() !== ''
    setFormError(verified ? null : { key: 'verifyEmailFirst' })
    if (!verified || !passwordValid) return
    setBusy(true)
    try {
      await register({ email: address, password: newPassword.password, code: code.trim() })
      setRegistered(address)
      startSuccessCountdown(SUCCESS_SECONDS)
    } catch (failure) {
      setFormError(registerError(failure))
    } finally {
      setBusy(false)
    }
  }

  if (registered !== null) {
    return (
      <output className="flex flex-col items-center gap-3 py-6 text-center">
        <CircleCheck className="size-12 text-signal-400" aria-hidden="true" />
        <p className="text-lg font-bold text-white">{t('register.successTitle')}</p>
        <p className="text-sm text-zinc-400 tabular-nums">{t('register.successBody', { seconds: successLeft })}</p>
        <Button data-autofocus="" onClick={() => onDone(registered)}>
          {t('register.loginNow')}
        </Button>
      </output>
    )
  }

  const emailMessage = emailCheckMessage(check)
  const sendLabel = sending
    ? t('register.sending')
    : resendLeft > 0
      ? t('register.resendIn', { seconds: resendLeft })
      : t('register.sendCode')

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField
        label={t('register.email')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          checkRun.current++
          setCheck({ state: 'idle' })
        }}
        onBlur={() => void checkAddress()}
        message={emailMessage ? t(emailMessage.key) : undefined}
        messageTone={emailMessage?.tone}
        addon={
          <Button
            variant="secondary"
            className="min-w-28 tabular-nums"
            onClick={() => void sendCode()}
            disabled={address === '' || resendLeft > 0 || sending}
          >
            {sendLabel}
          </Button>
        }
      />
      <TextField
        label={t('register.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          clearVerifyFirst()
        }}
        message={
          codeNote ? (codeNote.tone === 'success' ? t('register.codeSent') : messageText(codeNote.message)) : undefined
        }
        messageTone={codeNote?.tone}
      />
      <NewPasswordFields
        value={newPassword}
        label={t('register.password')}
        hint={t('register.passwordHint')}
        confirmLabel={t('register.confirmPassword')}
      />
      <FormSubmit error={formError} busy={busy} label={t('register.submit')} busyLabel={t('register.submitting')} />
    </form>
  )
}

interface EmailMessage {
  key:
    | 'register.checking'
    | 'register.emailAvailable'
    | 'errors.INVALID_EMAIL'
    | 'errors.checkEmailFailed'
    | 'errors.EMAIL_ALREADY_REGISTERED'
  tone: FieldMessageTone
}

function emailCheckMessage(check: EmailCheck): EmailMessage | null {
  switch (check.state) {
    case 'invalid':
      return { key: 'errors.INVALID_EMAIL', tone: 'error' }
    case 'checking':
      return { key: 'register.checking', tone: 'info' }
    case 'failed':
      return { key: 'errors.checkEmailFailed', tone: 'error' }
    case 'taken':
      return { key: 'errors.EMAIL_ALREADY_REGISTERED', tone: 'error' }
    case 'available':
      return { key: 'register.emailAvailable', tone: 'success' }
    default:
      return null
  }
}
