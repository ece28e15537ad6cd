import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TIER_STYLES } from '@/components/ui/tier-styles'
import { cn } from '@/lib/cn'
import { formatMembershipDate, type VipStatus } from '@/lib/memberships/vip-status'
import { useLanguage } from '@/lib/use-language'
import type { StoredUser } from '@/lib/storage'

// The account area's pieces shown both in the header and in the account menu.

export function Avatar({ user }: { user: StoredUser }) {
  const [broken, setBroken] = useState(false)
  if (user.avatar && !broken) {
    return (
      <img
        src={user.avatar}
        alt=""
        onError={() => setBroken(true)}
        className="size-8 shrink-0 rounded-full border border-white/10 object-cover"
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-500/15 text-sm font-bold text-brand-300"
    >
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  )
}

export /** vip shows its end date; pro, kol and op their badge; any other type none (spec 000 §2.3). */
function TierBadge({ status, className }: { status: VipStatus | null; className?: string }) {
  const { t } = useTranslation('shell')
  const language = useLanguage()
  const type = status?.type
  let label: string
  if (type === 'vip') {
    label = status?.expireDate
      ? t('header.tiers.vipUntil', { date: formatMembershipDate(status.expireDate, language) })
      : t('header.tiers.vip')
  } else if (type === 'pro' || type === 'kol' || type === 'op') {
    label = t(`header.tiers.${type}`)
  } else {
    return null
  }
  return (
    <span
      data-testid="tier-badge"
      className={cn(
        'items-center rounded-md border px-1.5 py-0.5 text-[0.7rem] leading-none font-bold whitespace-nowrap',
        TIER_STYLES[type],
        className,
      )}
    >
      {label}
    </span>
  )
}
