import { AtSign, Clapperboard, Music2, ShieldCheck, Users, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useAppConfig } from '@/lib/config/config-context'

type SocialKey = 'bilibili' | 'douyin' | 'weibo' | 'qqGroup'

const SOCIAL: { key: SocialKey; icon: LucideIcon }[] = [
  { key: 'bilibili', icon: Clapperboard },
  { key: 'douyin', icon: Music2 },
  { key: 'weibo', icon: AtSign },
  { key: 'qqGroup', icon: Users },
]

/** The four outbound community links and the site-filing link (hidden without a filing number). */
export function SocialLinks() {
  const { t } = useTranslation('shell')
  const { links } = useAppConfig()
  const social = SOCIAL.filter(({ key }) => links[key] !== '')

  return (
    <div className="flex flex-col gap-3 border-t border-white/[0.06] px-4 pt-4 pb-5">
      {social.length > 0 && (
        <nav aria-label={t('social.label')}>
          <p className="mb-2 px-1 text-xs font-semibold text-zinc-500" aria-hidden="true">
            {t('social.label')}
          </p>
          <ul className="flex gap-2">
            {social.map(({ key, icon: Icon }) => (
              <li key={key}>
                <a
                  href={links[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('social.newTab', { name: t(`social.${key}`) })}
                  title={t(`social.${key}`)}
                  className="focus-ring grid size-9 place-items-center rounded-lg border border-white/[0.07] bg-white/[0.03] text-zinc-400 transition-colors hover:border-brand-500/40 hover:bg-brand-500/10 hover:text-brand-300"
                >
                  <Icon className="size-4" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {links.filingNumber !== '' && (
        <a
          href={links.filingUrl || undefined}
          target="_blank"
          rel="noopener noreferrer"
          title={t('social.filing')}
          className="focus-ring inline-flex items-center gap-1.5 self-start rounded px-1 text-xs text-zinc-500 hover:text-zinc-300"
        >
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {links.filingNumber}
        </a>
      )}
    </div>
  )
}
