import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { useFromSearch } from '@/lib/navigation'
import type { SettingsSection } from './settings-sections'
import { NavLink } from '@/components/ui/link'

export function SettingsNav({ sections }: { sections: readonly SettingsSection[] }) {
  const { t } = useTranslation('settings')
  const from = useFromSearch()
  return (
    <nav aria-label={t('nav.label')} className="lg:w-56 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto rounded-xl border border-white/[0.07] bg-ink-850/80 p-1 lg:flex-col">
        {sections.map(({ key, path, icon: Icon }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={{ pathname: path, search: from }}
              end
              className={({ isActive }) =>
                cn(
                  'focus-ring flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'bg-brand-500/15 text-brand-300' : 'text-zinc-400 hover:bg-white/[0.05] hover:text-white',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
