import { LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { loadLoginDialog } from '@/features/auth/components/lazy-login-dialog'
import { useSessionUser } from '@/lib/session'
import { UserMenu } from './user-menu'

const preload = () => void loadLoginDialog()

/** Logged out: a button opening the login dialog in place. Logged in: the account menu. */
export function LoginButton() {
  const { t } = useTranslation('shell')
  const user = useSessionUser()
  if (user) return <UserMenu user={user} />
  return (
    <Button className="px-3 sm:px-4" onClick={() => openLoginDialog()} onPointerEnter={preload} onFocus={preload}>
      <LogIn aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('header.login')}</span>
    </Button>
  )
}
