import { Backpack } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '@/components/ui/page-frame'
import { useAppConfig } from '@/lib/config/config-context'
import { useSessionUser } from '@/lib/session'
import { useInventorySignIn } from '../hooks/use-inventory-sign-in'
import { signInBase } from '../model/frame-url'
import { InventoryStage } from './inventory-stage'
import { LoginRequired } from './login-required'

interface InventoryPageProps {
  /** Opens the login dialog (composed in src/app: features do not import each other). */
  onLogin?: () => void
}

/**
 * The inventory page (spec 001 §2.5): visitors see a blurred placeholder and a login prompt; a
 * logged-in player is signed in to the inventory site, which then shows in a frame.
 */
export function InventoryPage({ onLogin }: InventoryPageProps) {
  const { t } = useTranslation('inventory')
  const { links } = useAppConfig()
  const user = useSessionUser()
  const signIn = useInventorySignIn(user?.steamId ?? null, signInBase(links))
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Backpack}>
      {user ? <InventoryStage state={signIn} onRetry={signIn.retry} /> : <LoginRequired onLogin={onLogin} />}
    </PageFrame>
  )
}
