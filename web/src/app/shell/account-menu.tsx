import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import { Check, Copy, LogOut, MonitorX, Receipt, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useReplayOpener, type DeferredMenuProps } from '@/components/ui/deferred-menu'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast-context'
import { TIER_STYLES } from '@/components/ui/tier-styles'
import { isApiError } from '@/lib/api-error'
import { cn } from '@/lib/cn'
import { COPY_FEEDBACK_MS } from '@/lib/constants'
import { useErrorText } from '@/lib/error-text'
import { formatMembershipDate, membershipsOf, type VipStatus } from '@/lib/memberships/vip-status'
import { useLanguage } from '@/lib/use-language'
import type { StoredUser } from '@/lib/storage'
import { Avatar, TierBadge } from './account-parts'
import { ACCOUNT_TRIGGER_CLASSES } from './account-classes'
import { AccountTriggerContent } from './user-menu'
import { Link } from '@/components/ui/link'

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none select-none data-[highlighted]:bg-white/[0.07] data-[highlighted]:text-white'

export interface AccountMenuProps extends DeferredMenuProps {
  user: StoredUser
  status: VipStatus | null
  /** Ends the session once the logout confirmation is accepted. */
  onLogout: () => void
  /** Ends every session of the account (this one included); rejects with the backend's error. */
  onLogoutEverywhere: () => Promise<void>
}

/** The account menu itself (spec 000 §2.3), loaded on the trigger's first use (UserMenu). */
export function AccountMenu({ user, status, onLogout, onLogoutEverywhere, opener, focusOnMount }: AccountMenuProps) {
  const { t } = useTranslation(['shell', 'common'])
  const { toast } = useToast()
  const errorText = useErrorText()
  const triggerRef = useRef<HTMLButtonElement>(null)
  useReplayOpener(triggerRef, { opener, focusOnMount })
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(copyTimer.current), [])

  const copySteamId = async () => {
    let next: 'copied' | 'failed' = 'copied'
    try {
      await navigator.clipboard.writeText(user.steamId)
    } catch {
      next = 'failed'
    }
    setCopy(next)
    clearTimeout(copyTimer.current)
    copyTimer.current = setTimeout(() => setCopy('idle'), COPY_FEEDBACK_MS)
  }

  const logoutEverywhere = () => {
    onLogoutEverywhere().catch((error: unknown) => {
      // A refused token (401 INVALID_TOKEN) has ended the session already: nothing went wrong for
      // someone logging out.
      if (isApiError(error) && error.status === 401 && error.code === 'INVALID_TOKEN') return
      toast({ tone: 'error', title: errorText(error) })
    })
  }

  return (
    <>
      <RadixMenu.Root modal={false}>
        <RadixMenu.Trigger
          ref={triggerRef}
          aria-label={t('header.account', { name: user.username })}
          className={ACCOUNT_TRIGGER_CLASSES}
        >
          <AccountTriggerContent user={user} />
        </RadixMenu.Trigger>
        <RadixMenu.Portal>
          <RadixMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 w-72 max-w-[calc(100vw-1rem)] animate-pop-in rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/50"
          >
            <div className="flex items-center gap-2.5 px-3 py-2.5">
              <Avatar user={user} />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-white">{user.username}</p>
                <TierBadge status={status} className="mt-1 inline-flex" />
              </div>
            </div>
            <MembershipList status={status} />
            <RadixMenu.Separator className="my-1 h-px bg-white/[0.07]" />
            <RadixMenu.Item
              className={itemClasses}
              onSelect={(event) => {
                // Stay open so the copied message can be seen.
                event.preventDefault()
                void copySteamId()
              }}
            >
              {copy === 'copied' ? (
                <Check className="size-4 text-signal-400" aria-hidden="true" />
              ) : (
                <Copy className="size-4 text-zinc-400" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block text-xs text-zinc-400">{t('header.steamId')}</span>
                <span className="block font-mono text-xs">{user.steamId}</span>
              </span>
              <span className="shrink-0 text-xs text-zinc-400" aria-live="polite">
                {copy === 'copied'
                  ? t('common:actions.copied')
                  : copy === 'failed'
                    ? t('common:actions.copyFailed')
                    : t('header.copy')}
              </span>
            </RadixMenu.Item>
            <RadixMenu.Separator className="my-1 h-px bg-white/[0.07]" />
            <RadixMenu.Item className={itemClasses} asChild>
              <Link to="/orders">
                <Receipt className="size-4 text-zinc-400" aria-hidden="true" />
                {t('header.orders')}
              </Link>
            </RadixMenu.Item>
            {membershipsOf(status).some((membership) => membership.group === 'op') && (
              <RadixMenu.Item className={itemClasses} asChild>
                <Link to="/console">
                  <ShieldCheck className="size-4 text-zinc-400" aria-hidden="true" />
                  {t('header.console')}
                </Link>
              </RadixMenu.Item>
            )}
            <RadixMenu.Item className={itemClasses} onSelect={() => setConfirmOpen(true)}>
              <LogOut className="size-4 text-zinc-400" aria-hidden="true" />
              {t('header.logout')}
            </RadixMenu.Item>
            <RadixMenu.Item className={itemClasses} onSelect={logoutEverywhere}>
              <MonitorX className="size-4 text-zinc-400" aria-hidden="true" />
              {t('header.logoutEverywhere')}
            </RadixMenu.Item>
          </RadixMenu.Content>
        </RadixMenu.Portal>
      </RadixMenu.Root>
      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('logoutConfirm.title')}
        description={t('logoutConfirm.message')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              {t('logoutConfirm.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                onLogout()
                setConfirmOpen(false)
              }}
            >
              {t('logoutConfirm.ok')}
            </Button>
          </>
        }
      />
    </>
  )
}

/**
 * Every membership of the account (VIP included, also beside a higher group), each with its last
 * day in the UI language or "permanent"; nothing for an account without one.
 */
function MembershipList({ status }: { status: VipStatus | null }) {
  const { t } = useTranslation('shell')
  const language = useLanguage()
  const memberships = membershipsOf(status)
  if (memberships.length === 0) return null
  return (
    <div className="px-3 pt-0.5 pb-2.5">
      <p id="user-menu-memberships" className="mb-1.5 text-xs text-zinc-400">
        {t('header.memberships.label')}
      </p>
      <ul aria-labelledby="user-menu-memberships" className="flex flex-col gap-1.5" data-testid="memberships">
        {memberships.map(({ group, expireDate }) => (
          <li key={group} className="flex items-center justify-between gap-3 text-xs">
            <span
              className={cn(
                'rounded-md border px-1.5 py-0.5 leading-none font-bold whitespace-nowrap',
                TIER_STYLES[group],
              )}
            >
              {t(`header.tiers.${group}`)}
            </span>
            <span className="text-right text-zinc-300">
              {expireDate
                ? t('header.memberships.until', { date: formatMembershipDate(expireDate, language) })
                : t('header.memberships.permanent')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

