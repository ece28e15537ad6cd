import { LogIn, ShieldAlert } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes } from 'react-router'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useVipStatus } from '@/lib/memberships/use-vip-status'
import { useSessionUser } from '@/lib/session'
import { consoleScreens } from './console-screens'
import { consoleAccess } from '@/lib/console/console-access'
import { Link, NavLink } from '@/components/ui/link'

const screens = consoleScreens.map((screen) => ({ ...screen, Component: lazy(screen.load) }))

/** /console/*: the operator console, shown to operators only (the server refuses anyone else too). */
export function ConsoleArea({ onLogin }: { onLogin: () => void }) {
  const user = useSessionUser()
  const status = useVipStatus(user?.steamId)
  const access = consoleAccess({ loggedIn: user !== null, status: status ?? undefined, failed: false })
  if (access === 'checking') return <Loading />
  if (access === 'visitor') return <Refusal kind="login" onLogin={onLogin} />
  if (access === 'denied') return <Refusal kind="denied" />
  return <ConsoleLayout />
}

function Loading() {
  const { t } = useTranslation('console')
  return (
    <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
      <Spinner />
      {t('access.checking')}
    </output>
  )
}

function Refusal({ kind, onLogin }: { kind: 'login' | 'denied'; onLogin?: () => void }) {
  const { t } = useTranslation('console')
  const Icon = kind === 'login' ? LogIn : ShieldAlert
  return (
    <section
      data-testid="console-refusal"
      aria-labelledby="console-refusal-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-white/[0.07] bg-ink-850/80 px-6 py-12 text-center"
    >
      <Icon className="size-10 text-brand-400" aria-hidden="true" />
      <h1 id="console-refusal-title" className="text-xl font-bold text-white">
        {t(kind === 'login' ? 'access.loginTitle' : 'access.deniedTitle')}
      </h1>
      <p className="text-sm text-zinc-400">{t(kind === 'login' ? 'access.loginBody' : 'access.deniedBody')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onLogin && <Button onClick={onLogin}>{t('access.login')}</Button>}
        <Link to="/" className={buttonClasses('secondary')}>
          {t('access.backHome')}
        </Link>
      </div>
    </section>
  )
}

function ConsoleLayout() {
  const { t, i18n } = useTranslation('console')
  return (
    <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
      <nav aria-label={t('navLabel')} className="shrink-0 xl:sticky xl:top-20 xl:w-44">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase xl:block">
          {t('title')}
        </p>
        <ul className="flex flex-wrap gap-1 xl:flex-col xl:flex-nowrap">
          {screens.map((screen) => (
            <li key={screen.path} className="shrink-0">
              <NavLink
                to={screen.path ? `/console/${screen.path}` : '/console'}
                end={screen.path === ''}
                className={({ isActive }) =>
                  cn(
                    'focus-ring block rounded-lg px-3 py-2 text-sm whitespace-nowrap transition-colors',
                    isActive ? 'bg-brand-500/15 font-semibold text-brand-300' : 'text-zinc-300 hover:bg-white/[0.06]',
                  )
                }
              >
                {i18n.t(screen.labelKey as 'console:nav.dashboard')}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Loading />}>
          <Routes>
            {screens.map(({ path, Component }) =>
              path === '' ? (
                <Route key="index" index element={<Component />} />
              ) : (
                <Route key={path} path={`${path}/*`} element={<Component />} />
              ),
            )}
            <Route path="*" element={<Navigate to="/console" replace />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  )
}
