import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DeferredMenuButton } from '@/components/ui/deferred-menu-button'
import { useVipStatus } from '@/lib/memberships/use-vip-status'
import type { StoredUser } from '@/lib/storage'
import { ACCOUNT_TRIGGER_CLASSES, accountMenu } from './account-classes'
import { Avatar, TierBadge } from './account-parts'


/** The account menu trigger's content: avatar, name and chevron. */
export function AccountTriggerContent({ user }: { user: StoredUser }) {
  return (
    <>
      <Avatar user={user} />
      <span className="hidden truncate sm:inline">{user.username}</span>
      <ChevronDown aria-hidden="true" className="hidden transition-transform group-data-[state=open]:rotate-180 sm:block" />
    </>
  )
}

interface UserMenuProps {
  user: StoredUser
  /** Ends the session once the logout confirmation is accepted. */
  onLogout: () => void
  /** Ends every session of the account (this one included); rejects with the backend's error. */
  onLogoutEverywhere: () => Promise<void>
}

/**
 * The header's account area (spec 000 §2.3): avatar, name, tier badge and the account menu, whose
 * code (Radix, the logout dialog) loads on the trigger's first hover, focus or press.
 */
export function UserMenu({ user, onLogout, onLogoutEverywhere }: UserMenuProps) {
  const { t } = useTranslation('shell')
  const status = useVipStatus(user.steamId)
  return (
    <div className="flex min-w-0 items-center gap-2">
      <TierBadge status={status} className="hidden sm:inline-flex" />
      <DeferredMenuButton
        menu={accountMenu}
        label={t('header.account', { name: user.username })}
        className={ACCOUNT_TRIGGER_CLASSES}
        menuProps={{ user, status, onLogout, onLogoutEverywhere }}
      >
        <AccountTriggerContent user={user} />
      </DeferredMenuButton>
    </div>
  )
}
