import { LogIn } from 'lucide-react'
import { useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { loadLoginDialog } from '@/features/auth/components/lazy-login-dialog'
import { logout, logoutEverywhere, useSessionUser } from '@/lib/session'
import { loginReturnsHere } from '../routing/login-return'
import { UserMenu } from './user-menu'

const preload = () => void loadLoginDialog()

/** Logged out: a button opening the login dialog in place. Logged in: the account menu. */
export function LoginButton() {
  const { t } = useTranslation('shell')
  const user = useSessionUser()
  const { pathname } = useLocation()
  // A logout confirmed in the menu removes the menu and its dialog, which would drop focus to the
  // page body: the login button that takes their place gets it instead. Logouts the app makes on
  // its own (expired or refused token, another tab) leave focus alone.
  const focusOnMount = useRef(false)
  const loginButton = useCallback((node: HTMLButtonElement | null) => {
    if (!node || !focusOnMount.current) return
    focusOnMount.current = false
    node.focus()
  }, [])
  const confirmLogout = () => {
    focusOnMount.current = true
    logout()
  }
  const endEverySession = async () => {
    focusOnMount.current = true
    try {
      await logoutEverywhere()
    } catch (error) {
      focusOnMount.current = false
      throw error
    }
  }

  if (user) return <UserMenu user={user} onLogout={confirmLogout} onLogoutEverywhere={endEverySession} />
  return (
    <Button
      ref={loginButton}
      className="px-3 sm:px-4"
      onClick={() => openLoginDialog('main', { returnHere: loginReturnsHere(pathname) })}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <LogIn aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('header.login')}</span>
    </Button>
  )
}
