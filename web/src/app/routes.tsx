import type { RouteObject } from 'react-router'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { CommonCommandsPanel } from '@/features/content/components/common-commands-panel'
import { ConsoleRoute } from '@/app/console/console-route'
import { FaqPage } from '@/features/faq/components/faq-page'
import { LeaderboardPage } from '@/features/leaderboard/components/leaderboard-page'
import { PraccPage } from '@/features/pracc/components/pracc-page'
import { ServersArea } from '@/features/servers/components/servers-area'
import { SettingsArea } from '@/features/settings/components/settings-area'
import { VipPage } from '@/features/vip/components/vip-page'
import { GatedRoute } from './routing/gated-route'
import { HomeRoute } from './routing/home-route'
import { InventoryRoute } from './routing/inventory-route'
import { OrdersRoute, ResetPasswordRoute, SteamBindCallbackRoute, SteamCallbackRoute } from './routing/lazy-pages'
import { LoginRoute } from './routing/login-route'
import { NotFoundRoute } from './routing/not-found-route'
import { ShellLayout } from './shell/shell-layout'

/** The shell's route table (spec 000 §2.1, spec 001 §2.1). */
export const appRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'servers/*', element: <GatedRoute feature="servers" element={<ServersArea />} /> },
      { path: 'vip/*', element: <VipPage onLogin={() => openLoginDialog()} /> },
      {
        path: 'pracc/*',
        element: (
          <GatedRoute
            feature="pracc"
            element={
              <PraccPage
                commands={(collapsed) => <CommonCommandsPanel collapsed={collapsed} />}
                onLogin={() => openLoginDialog()}
              />
            }
          />
        ),
      },
      { path: 'inventory/*', element: <InventoryRoute /> },
      { path: 'settings/*', element: <GatedRoute feature="settings" element={<SettingsArea />} /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'auth/steam/callback', element: <SteamCallbackRoute /> },
      { path: 'auth/steam/bind/callback', element: <SteamBindCallbackRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'leaderboard', element: <LeaderboardPage /> },
      { path: 'orders', element: <OrdersRoute onLogin={() => openLoginDialog()} /> },
      { path: 'console/*', element: <ConsoleRoute onLogin={() => openLoginDialog('main', { returnHere: true })} /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]
