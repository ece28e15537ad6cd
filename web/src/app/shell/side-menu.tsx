import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { cn } from '@/lib/cn'
import { useAppConfig } from '@/lib/config/config-context'
import { fromSearch } from '@/lib/navigation'
import { buildMenuEntries, isEntryActive } from './menu-entries'
import { SocialLinks } from './social-links'
import { Link } from '@/components/ui/link'

interface SideMenuProps {
  showInventory: boolean
  /** Called after an entry is chosen (the mobile drawer closes on it). */
  onNavigate?: () => void
  /** Actions shown under the entries (the drawer adds the bookmark action the phone header lacks). */
  actions?: ReactNode
}

export function SideMenu({ showInventory, onNavigate, actions }: SideMenuProps) {
  const { t } = useTranslation('shell')
  const config = useAppConfig()
  const { pathname, search } = useLocation()
  const from = fromSearch(search)
  const entries = buildMenuEntries(config, { showInventory })

  return (
    <div className="flex h-full flex-col">
      <nav aria-label={t('menu.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {entries.map(({ key, path, icon: Icon, badge }) => {
            const active = isEntryActive(path, pathname)
            return (
              <li key={key}>
                <Link
                  to={{ pathname: path, search: from }}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'focus-ring group relative flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors',
                    active
                      ? 'bg-gradient-to-r from-brand-500/20 to-brand-500/[0.03] text-white'
                      : 'text-zinc-400 hover:bg-white/[0.05] hover:text-zinc-100',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute inset-y-2 left-0 w-1 rounded-r-full bg-brand-500 transition-opacity',
                      active ? 'opacity-100' : 'opacity-0',
                    )}
                  />
                  <Icon
                    aria-hidden="true"
                    className={cn('size-5', active ? 'text-brand-400' : 'text-zinc-500 group-hover:text-zinc-300')}
                  />
                  <span className="flex-1">{t(`menu.${key}`)}</span>{' '}
                  {badge === 'new' && (
                    <span className="rounded-md bg-gradient-to-r from-brand-400 to-brand-600 px-1.5 py-0.5 text-[10px] leading-none font-black tracking-wider text-ink-950">
                      <span aria-hidden="true">{t('menu.new')}</span>
                      <span className="sr-only">{t('menu.newLabel')}</span>
                    </span>
                  )}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      {actions && <div className="border-t border-white/[0.06] px-3 py-3">{actions}</div>}
      <SocialLinks />
    </div>
  )
}
