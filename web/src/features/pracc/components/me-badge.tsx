import { useTranslation } from 'react-i18next'

/** Marks the logged-in user's own Steam ID in the admin list. */
export function MeBadge() {
  const { t } = useTranslation('pracc-servers')
  return (
    <span className="rounded-full border border-brand-500/40 bg-brand-500/10 px-2 py-0.5 text-xs font-semibold text-brand-300">
      {t('admins.me')}
    </span>
  )
}
