import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Dialog } from '@/components/ui/dialog'
import { browser } from '@/lib/browser'
import { storage } from '@/lib/storage'
import { rememberedLoginEmail } from '../hooks/use-login-dialog'
import { afterLoginPath } from '../model/login-return'
import { previousView, SHOW_EMAIL_LOGIN_PARAM, type LoginView } from '../model/login-views'
import { BackButton } from './auth-form-parts'
import { EmailLoginView } from './email-login-view'
import { EmailRegisterView } from './email-register-view'
import { LoginMainView } from './login-main-view'
import { ResetRequestView } from './reset-request-view'
import { SteamBindingView } from './steam-binding-view'

interface LoginDialogProps {
  onClose: () => void
  /** The view to start on; the URL's showEmailLogin=true overrides it with emailLogin. */
  initialView?: LoginView
}

const TITLE_KEYS = {
  main: 'login.title',
  emailLogin: 'emailLogin.title',
  emailRegister: 'register.title',
  resetPassword: 'resetRequest.title',
  steamBinding: 'binding.title',
} as const

const DESCRIPTION_KEYS = {
  main: 'login.description',
  emailLogin: 'emailLogin.description',
  emailRegister: 'register.description',
  resetPassword: 'resetRequest.description',
  steamBinding: 'binding.description',
} as const

function focusInitial(container: HTMLElement | null) {
  const target = container?.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)')
  target?.focus()
}

/** The login dialog with its five sub-views (spec 000 §2.4). */
export function LoginDialog({ onClose, initialView = 'main' }: LoginDialogProps) {
  const { t } = useTranslation('auth')
  const location = useLocation()
  const [view, setView] = useState<LoginView>(() =>
    new URLSearchParams(location.search).get(SHOW_EMAIL_LOGIN_PARAM) === 'true' ? 'emailLogin' : initialView,
  )
  const [email, setEmail] = useState(() => storage.bindingEmail.get() ?? rememberedLoginEmail() ?? '')
  const body = useRef<HTMLDivElement | null>(null)
  const opened = useRef(false)
  // Each view's container is keyed by the view, so this runs as every later view appears: focus
  // starts on its first field instead of staying on a control that just went away. The first view
  // is left to onOpenAutoFocus, which also remembers where focus returns on close.
  const attachView = useCallback((node: HTMLDivElement | null) => {
    body.current = node
    if (opened.current) focusInitial(node)
  }, [])

  const go = (next: LoginView, address?: string) => {
    if (address !== undefined) setEmail(address)
    setView(next)
  }

  /** A completed login: close, then reload onto the page (without showEmailLogin, never /login). */
  const loggedIn = () => {
    onClose()
    browser.replace(afterLoginPath(location))
  }

  const back = previousView(view)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(TITLE_KEYS[view])}
      description={t(DESCRIPTION_KEYS[view], { email })}
      size="sm"
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        opened.current = true
        focusInitial(body.current)
      }}
    >
      <div key={view} ref={attachView} data-view={view}>
        {back && <BackButton label={t('login.back')} onClick={() => setView(back)} />}
        {view === 'main' && <LoginMainView onEmailLogin={() => setView('emailLogin')} />}
        {view === 'emailLogin' && (
          <EmailLoginView
            initialEmail={email}
            onLoggedIn={loggedIn}
            onNeedsBinding={(address) => go('steamBinding', address)}
            onRegister={(address) => go('emailRegister', address)}
            onForgotPassword={(address) => go('resetPassword', address)}
          />
        )}
        {view === 'emailRegister' && (
          <EmailRegisterView initialEmail={email} onDone={(address) => go('emailLogin', address)} />
        )}
        {view === 'resetPassword' && <ResetRequestView initialEmail={email} />}
        {view === 'steamBinding' && <SteamBindingView email={email} onLoggedIn={loggedIn} />}
      </div>
    </Dialog>
  )
}
