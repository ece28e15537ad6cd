import type { RouteObject } from 'react-router'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { ConsoleRoute } from '@/app/console/console-route'
import { GatedRoute } from './routing/gated-route'
import { HomeRoute } from './routing/home-route'
import { InventoryRoute } from './routing/inventory-route'
import {
  FaqPage,
  LeaderboardPage,
  OrdersRoute,
  PraccRoute,
  ResetPasswordRoute,
  ServersArea,
  SettingsArea,
  SteamBindCallbackRoute,
  SteamCallbackRoute,
  VipPage,
} from './routing/lazy-pages'
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
        element: <GatedRoute feature="pracc" element={<PraccRoute onLogin={() => openLoginDialog()} />} />,
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
