import { useNavigate } from 'react-router'
import { LoginDialogFrame } from '@/features/auth/components/login-dialog-frame'
import { useFromSearch } from '@/lib/navigation'

/** /login: opens the login dialog; closing it returns to /. */
export function LoginRoute() {
  const navigate = useNavigate()
  const from = useFromSearch()
  return <LoginDialogFrame onClose={() => navigate({ pathname: '/', search: from })} />
}
