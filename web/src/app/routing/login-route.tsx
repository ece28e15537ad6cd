import { Suspense } from 'react'
import { useNavigate } from 'react-router'
import { LazyLoginDialog } from '@/features/auth/components/lazy-login-dialog'
import { useFromSearch } from '@/lib/navigation'

/** /login: opens the login dialog; closing it returns to / (keeping `from`). */
export function LoginRoute() {
  const navigate = useNavigate()
  const from = useFromSearch()
  return (
    <Suspense fallback={null}>
      <LazyLoginDialog onClose={() => navigate({ pathname: '/', search: from })} />
    </Suspense>
  )
}
