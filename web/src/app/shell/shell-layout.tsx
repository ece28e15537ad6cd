import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { LoginDialogHost } from '@/features/auth/components/login-dialog-host'
import { DESKTOP_MEDIA_QUERY } from '@/lib/constants'
import { useMediaQuery } from '@/lib/use-media-query'
import { deferredComponent } from '@/components/ui/deferred-component'
import { DeferredPart } from '@/components/ui/deferred-part'
import { drawerPanel } from '@/components/ui/lazy-parts'
import { readNavError } from '@/lib/navigation'
import { useLoginEndedNotice } from '@/lib/session'
import { inventoryAllowedFor } from '../routing/inventory-location'
import { AnnouncementLine } from './announcement-slot'
import { AppHeader } from './app-header'
import { BookmarkMenuItem } from './bookmark-button'
import { BrandMark } from './brand-mark'
import { InventoryKeepAlive } from './inventory-keep-alive'
import { SideMenu } from './side-menu'
import { useInlineAnnouncement } from './use-inline-announcement'

const DRAWER_ID = 'mobile-menu'

// The drawer's code (Radix dialog) loads when the menu button is first hovered, focused or pressed.
const preloadDrawer = () => void drawerPanel.load().catch(() => {})

// The notice of a login that ended and the banner of an error carried by a navigation show only then:
// their code loads when one first has something to say (issue 17: not on every route's first load).
const sessionExpiredNotice = deferredComponent<object>(
  async () => (await import('./session-expired-notice')).SessionExpiredNotice,
)
const errorBanner = deferredComponent<object>(async () => (await import('./error-banner')).ErrorBanner)

/** Top bar, side menu (a drawer below 1024 px), the error banner and the routed page. */
export function ShellLayout() {
  const { t } = useTranslation(['shell', 'common'])
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY)
  const inlineAnnouncement = useInlineAnnouncement()
  const [drawerOpen, setDrawerOpen] = useState(false)
  // Mounted from its first opening on (then it stays, closed, like any Radix dialog).
  const [drawerUsed, setDrawerUsed] = useState(false)
  if (drawerOpen && !drawerUsed) setDrawerUsed(true)
  const location = useLocation()
  // The app's say on the inventory entry: offered only where the route would show it (no `from`).
  const showInventory = inventoryAllowedFor(location.search)
  const loginEnded = useLoginEndedNotice()
  const navError = readNavError(location.state) !== null

  // The drawer only exists below the breakpoint: widening the window closes it.
  if (desktop && drawerOpen) setDrawerOpen(false)

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="focus-ring sr-only z-50 rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <AppHeader
        menu={{
          visible: !desktop,
          open: drawerOpen,
          controls: DRAWER_ID,
          onToggle: () => setDrawerOpen((open) => !open),
          onIntent: preloadDrawer,
        }}
      />
      {!inlineAnnouncement && <AnnouncementLine />}
      <div className="lg:grid lg:min-h-[calc(100dvh-4rem)] lg:grid-cols-[16rem_minmax(0,1fr)]">
        {desktop && (
          <aside className="border-r border-white/[0.06] bg-ink-900/70">
            <div className="sticky top-16 h-[calc(100dvh-4rem)]">
              <SideMenu showInventory={showInventory} />
            </div>
          </aside>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            {loginEnded && <DeferredPart part={sessionExpiredNotice} props={{}} />}
            {navError && <DeferredPart part={errorBanner} props={{}} />}
            <Outlet />
            <InventoryKeepAlive />
          </div>
        </main>
      </div>
      <LoginDialogHost />
      {!desktop && drawerUsed && (
        <DeferredPart
          part={drawerPanel}
          props={{
            id: DRAWER_ID,
            open: drawerOpen,
            onOpenChange: setDrawerOpen,
            title: t('menu.title'),
            closeLabel: t('header.closeMenu'),
            header: (
              <>
                <BrandMark className="size-7 shrink-0" />
                <span className="truncate font-extrabold text-white">{t('common:appName')}</span>
              </>
            ),
            children: (
              <SideMenu
                showInventory={showInventory}
                onNavigate={() => setDrawerOpen(false)}
                actions={<BookmarkMenuItem onChosen={() => setDrawerOpen(false)} />}
              />
            ),
          }}
        />
      )}
    </div>
  )
}
