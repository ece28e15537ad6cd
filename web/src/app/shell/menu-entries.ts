import {
  Backpack,
  CircleHelp,
  Crown,
  Server,
  Settings,
  Swords,
  Trophy,
  type LucideIcon,
} from 'lucide-react'
import type { AppConfig } from '@/lib/config/app-config'

export type MenuKey = 'servers' | 'vip' | 'leaderboard' | 'pracc' | 'inventory' | 'faq' | 'settings'

export interface MenuEntry {
  key: MenuKey
  path: string
  icon: LucideIcon
  badge?: 'new'
}

export interface MenuOptions {
  /** The parent's say on whether this user should see the inventory entry. */
  showInventory: boolean
}

/** Side-menu entries in order, each present only when its feature allows (spec 000 §2.2). */
export function buildMenuEntries(config: AppConfig, { showInventory }: MenuOptions): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    config.servers.enabled && { key: 'servers', path: '/servers', icon: Server },
    { key: 'vip', path: '/vip', icon: Crown },
    { key: 'leaderboard', path: '/leaderboard', icon: Trophy },
    config.pracc.enabled && { key: 'pracc', path: '/pracc', icon: Swords, badge: 'new' },
    config.inventory.enabled && showInventory && { key: 'inventory', path: '/inventory', icon: Backpack },
    { key: 'faq', path: '/faq', icon: CircleHelp },
    config.settings.enabled && { key: 'settings', path: '/settings', icon: Settings },
  ]
  return entries.filter((entry): entry is MenuEntry => entry !== false)
}

/** An entry is active when its path is a prefix of the current path (on a segment boundary). */
export function isEntryActive(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`)
}
