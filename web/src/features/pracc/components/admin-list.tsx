import { useTranslation } from 'react-i18next'
import { MeBadge } from './me-badge'

interface AdminListProps {
  admins: readonly { steamid: string; name: string }[]
  me: string | null
}

/** The admin list as members see it: read only. */
export function AdminList({ admins, me }: AdminListProps) {
  const { t } = useTranslation('pracc-servers')
  if (admins.length === 0) return <p className="text-sm text-zinc-400">{t('admins.empty')}</p>
  return (
    <ul aria-label={t('admins.listLabel')} className="flex flex-col gap-1.5">
      {admins.map((admin) => (
        <li key={admin.steamid} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-white/[0.06] bg-white/[0.02] px-3 py-2 text-sm">
          <span className="font-mono text-zinc-200">{admin.steamid}</span>
          {admin.steamid === me && <MeBadge />}
          {admin.name && <span className="text-zinc-400">{admin.name}</span>}
        </li>
      ))}
    </ul>
  )
}
