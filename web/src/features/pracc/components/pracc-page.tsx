import { ChevronsDownUp, ChevronsUpDown, Clock, Film, MapPin, Server, Swords } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { PageFrame } from '@/components/ui/page-frame'
import { cn } from '@/lib/cn'
import { MyServers } from './my-servers'

/** Heights of the top area, open and collapsed (spec 001 §2.2). */
const TOP_AREA_HEIGHT_PX = { open: 280, collapsed: 88 } as const

interface PraccPageProps {
  /**
   * The "common commands" panel of the top area (composed in src/app: features do not import each
   * other). It is told when the area is collapsed.
   */
  commands?: (collapsed: boolean) => ReactNode
  /** Opens the shell's login dialog (for visitors); without it the login button goes to /login. */
  onLogin?: () => void
}

const HIGHLIGHTS = [
  { key: 'slots', icon: Server },
  { key: 'tiers', icon: MapPin },
  { key: 'demos', icon: Film },
  { key: 'times', icon: Clock },
] as const

function IntroPanel({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('pracc')
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className="hidden min-h-0 flex-col gap-3 overflow-hidden rounded-2xl border border-white/[0.07] bg-gradient-to-br from-brand-500/10 via-ink-850/80 to-ink-850/80 p-4 md:flex"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-500/15 text-brand-400">
          <Swords className="size-4" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="min-w-0 truncate text-base font-bold text-white">
          {t('intro.title')}
        </h2>
      </div>
      {!collapsed && (
        <ul className="flex flex-col gap-2.5 text-sm text-zinc-300">
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-start gap-2.5">
              <Icon className="mt-0.5 size-4 shrink-0 text-brand-400" aria-hidden="true" />
              <span>{t(`intro.points.${key}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The practice-server page (spec 001 §2.2): the top area (an introduction on the left and the common
 * commands, collapsing from 280 px to 88 px through a toggle), then "My servers".
 */
export function PraccPage({ commands, onLogin }: PraccPageProps) {
  const { t } = useTranslation('pracc')
  const [collapsed, setCollapsed] = useState(false)
  const areaId = useId()
  const height = collapsed ? TOP_AREA_HEIGHT_PX.collapsed : TOP_AREA_HEIGHT_PX.open
  return (
    <PageFrame title={t('title')} description={t('description')} icon={Swords}>
      <div className="flex flex-col gap-2">
        <div
          id={areaId}
          data-testid="pracc-top-area"
          className={cn(
            'grid gap-4 overflow-hidden transition-[height] duration-300 ease-out motion-reduce:transition-none',
            'md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] [&>*]:min-h-0',
          )}
          style={{ height }}
        >
          <IntroPanel collapsed={collapsed} />
          {commands?.(collapsed)}
        </div>
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={!collapsed}
            aria-controls={areaId}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? <ChevronsUpDown aria-hidden="true" /> : <ChevronsDownUp aria-hidden="true" />}
            {collapsed ? t('topArea.expand') : t('topArea.collapse')}
          </Button>
        </div>
      </div>
      <MyServers onLogin={onLogin} />
    </PageFrame>
  )
}
