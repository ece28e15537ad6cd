import { Shield, SlidersHorizontal, UserRound, type LucideIcon } from 'lucide-react'

export type SettingsSectionKey = 'general' | 'profile' | 'security'

export interface SettingsSection {
  key: SettingsSectionKey
  /** Absolute path of the sub-page; general is the index of /settings. */
  path: string
  icon: LucideIcon
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { key: 'general', path: '/settings', icon: SlidersHorizontal },
  { key: 'profile', path: '/settings/profile', icon: UserRound },
  { key: 'security', path: '/settings/security', icon: Shield },
]
