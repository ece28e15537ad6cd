import { Suspense, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { LazyLoginDialog } from '@/features/auth/components/lazy-login-dialog'
import { fromSearch } from '@/lib/navigation'
import { getSessionUser } from '@/lib/session'

/**
 * /login: opens the login dialog; closing it returns to / (keeping `from`). Someone already logged
 * in goes straight to / instead, with the navigation state (an error banner) kept.
 */
export function LoginRoute() {
  const navigate = useNavigate()
  const location = useLocation()
  const from = fromSearch(location.search)
  // Decided on arrival: a login completed in the dialog finishes as it always has (log call, then
  // a reload onto /) instead of the dialog vanishing the moment the session starts.
  const [loggedIn] = useState(() => getSessionUser() !== null)
  if (loggedIn) return <Navigate to={{ pathname: '/', search: from }} replace state={location.state} />
  return (
    <Suspense fallback={null}>
      <LazyLoginDialog onClose={() => navigate({ pathname: '/', search: from })} />
    </Suspense>
  )
}
