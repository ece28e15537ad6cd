import { Crown } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '@/components/ui/page-frame'
import { useAnnounceVipStatus } from '@/lib/memberships/use-vip-status'
import { useSessionUser } from '@/lib/session'
import { LoginNotice } from './login-notice'
import { OptionCards } from './option-cards'
import { PayDialog } from './pay-dialog'
import { PrivilegeComparison } from './privilege-comparison'

interface VipPageProps {
  /** Opens the login dialog (the account feature's, wired by the app). */
  onLogin: () => void
}

/** The VIP screen (spec 000 §2.8): how to subscribe, then what each group may do. */
export function VipPage({ onLogin }: VipPageProps) {
  const { t } = useTranslation('vip')
  const user = useSessionUser()
  const announceVipStatus = useAnnounceVipStatus()
  const [payOpen, setPayOpen] = useState(false)
  // A logout (here or in another tab) ends the purchase; a later login must not reopen it.
  if (!user && payOpen) setPayOpen(false)

  const onPayOpenChange = (open: boolean) => {
    setPayOpen(open)
    // Spec 000 §4.7: closing refetches the VIP status and announces it (the header badge follows).
    if (!open && user) void announceVipStatus(user.steamId)
  }

  return (
    <PageFrame title={t('title')} description={t('description')} icon={Crown}>
      {!user && <LoginNotice onLogin={onLogin} />}
      <OptionCards loggedIn={user !== null} onSelfPay={() => setPayOpen(true)} />
      <PayDialog
        open={payOpen && user !== null}
        onOpenChange={onPayOpenChange}
        user={user}
        onPaid={() => {
          // The header badge follows as soon as the VIP days arrive.
          if (user) void announceVipStatus(user.steamId)
        }}
      />
      <PrivilegeComparison />
    </PageFrame>
  )
}
