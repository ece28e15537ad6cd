import { Backpack, Sparkles } from 'lucide-react'
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

/** The skin changer's coming-soon note (spec 001 §2.5: expected December 2024). */
function ComingSoonNote() {
  const { t } = useTranslation('inventory')
  return (
    <p className="flex items-center gap-2 rounded-full border border-brand-500/30 bg-brand-500/10 px-3 py-1.5 text-xs font-semibold text-brand-300">
      <Sparkles className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        <span className="text-brand-400">{t('comingSoon.badge')}</span> · {t('comingSoon.text')}
      </span>
    </p>
  )
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
    <PageFrame title={t('title')} description={t('description')} icon={Backpack} actions={<ComingSoonNote />}>
      {user ? <InventoryStage state={signIn} onRetry={signIn.retry} /> : <LoginRequired onLogin={onLogin} />}
    </PageFrame>
  )
}
