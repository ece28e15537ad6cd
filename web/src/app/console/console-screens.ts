// The console's screens, in the order of its navigation. Each screen lives in the web feature that
// mirrors the backend feature owning its data and loads as its own chunk when first opened.
// To add a screen: an entry here (labelKey is a full key, `<namespace>:<key>`); a screen with its
// own lazy namespace lists it in consoleNamespaces so the navigation has its label.
import { createElement, type ComponentType } from 'react'
import type { Namespace } from '@/locales/resources'

export interface ConsoleScreen {
  /** Below /console; '' is the dashboard. A screen may have sub-routes (`people/:id`). */
  path: string
  labelKey: string
  load: () => Promise<{ default: ComponentType }>
}

/** Lazy namespaces loaded with the console, before its navigation shows. */
export const consoleNamespaces: Namespace[] = ['console', 'console-ops']

export const consoleScreens: ConsoleScreen[] = [
  {
    path: '',
    labelKey: 'console:nav.dashboard',
    load: async () => ({ default: (await import('@/features/console/dashboard/dashboard-screen')).DashboardScreen }),
  },
  {
    path: 'people',
    labelKey: 'console:nav.people',
    load: async () => ({ default: (await import('@/features/auth/console/people-screen')).PeopleScreen }),
  },
  {
    path: 'audit',
    labelKey: 'console:nav.audit',
    load: async () => ({ default: (await import('@/features/console/audit/audit-screen')).AuditScreen }),
  },
  {
    path: 'announcement',
    labelKey: 'console:nav.announcement',
    load: async () => {
      const [screen, ticker, api] = await Promise.all([
        import('@/features/content/console/announcement-screen'),
        import('@/features/announcement/components/announcement-ticker'),
        import('@/features/announcement/api/announcement-api'),
      ])
      // The preview is the shell's own ticker; the public announcement is asked for afresh after a save.
      const publicKeys = [api.announcementKey('zh'), api.announcementKey('en')]
      const AnnouncementRoute = () => createElement(screen.AnnouncementScreen, { Preview: ticker.AnnouncementTickerView, publicKeys })
      return { default: AnnouncementRoute }
    },
  },
  {
    path: 'faq',
    labelKey: 'console:nav.faq',
    load: async () => ({ default: (await import('@/features/faq/console/faq-editor-screen')).FaqEditorScreen }),
  },
  {
    path: 'orders',
    labelKey: 'console-ops:nav.orders',
    load: async () => ({ default: (await import('@/features/payments/console/orders-screen')).OrdersScreen }),
  },
  {
    path: 'prices',
    labelKey: 'console-ops:nav.prices',
    load: async () => ({ default: (await import('@/features/payments/console/prices-screen')).PricesScreen }),
  },
  {
    path: 'rentals',
    labelKey: 'console-ops:nav.rentals',
    load: async () => ({ default: (await import('@/features/pracc/console/rentals-screen')).RentalsScreen }),
  },
  {
    path: 'regions',
    labelKey: 'console-ops:nav.regions',
    load: async () => ({ default: (await import('@/features/pracc/console/regions-screen')).RegionsScreen }),
  },
  {
    path: 'servers',
    labelKey: 'console-ops:nav.servers',
    load: async () => ({ default: (await import('@/features/servers/console/servers-screen')).ServersScreen }),
  },
  {
    path: 'vip-privileges',
    labelKey: 'console-ops:nav.privileges',
    load: async () => ({ default: (await import('@/features/vip/console/privileges-screen')).PrivilegesScreen }),
  },
  {
    path: 'seasons',
    labelKey: 'console-ops:nav.seasons',
    load: async () => ({ default: (await import('@/features/leaderboard/console/seasons-screen')).SeasonsScreen }),
  },
]
