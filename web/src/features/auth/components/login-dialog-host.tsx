import { Suspense, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSessionUser } from '@/lib/session'
import { closeLoginDialog, useLoginDialogState } from '../hooks/use-login-dialog'
import { SHOW_EMAIL_LOGIN_PARAM } from '../model/login-views'
import { LazyLoginDialog } from './lazy-login-dialog'

/**
 * Shows the login dialog over the current page: when the header's login button opened it, or when
 * the URL asks for e-mail login (showEmailLogin=true) and nobody is logged in. /login has its own.
 */
export function LoginDialogHost() {
  const { open, view } = useLoginDialogState()
  const user = useSessionUser()
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const asked = params.get(SHOW_EMAIL_LOGIN_PARAM) === 'true' && !user

  useEffect(() => () => closeLoginDialog(), [])

  if (location.pathname === '/login' || !(open || asked)) return null

  const close = () => {
    closeLoginDialog()
    if (!params.has(SHOW_EMAIL_LOGIN_PARAM)) return
    // Closing answers the URL's request: drop it so it does not reopen (or survive a reload).
    params.delete(SHOW_EMAIL_LOGIN_PARAM)
    const search = params.toString()
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    )
  }

  return (
    <Suspense fallback={null}>
      <LazyLoginDialog onClose={close} initialView={view} />
    </Suspense>
  )
}
