import { LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useFromSearch } from '@/lib/navigation'

/** Slot for login/logout; for now it opens /login (the login dialog). */
export function LoginButton() {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  const from = useFromSearch()
  return (
    <Button className="px-3 sm:px-4" onClick={() => navigate({ pathname: '/login', search: from })}>
      <LogIn aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('header.login')}</span>
    </Button>
  )
}
