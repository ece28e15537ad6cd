// The address of the external VIP checkout the self-pay dialog frames (spec 000 §2.8): the
// configured links.vipPay with the buyer's name (a guest label without one), SteamID64, the
// community's name and the checkout's colour theme.

export type PayTheme = 'light' | 'dark'

export interface PayUrlInput {
  /** links.vipPay; empty when not configured. */
  base: string
  username: string | null | undefined
  steamId: string | null | undefined
  guestLabel: string
  serverName: string
  theme: PayTheme
}

/** Null when no checkout is configured (the portal must never frame itself instead). */
export function buildPayUrl({ base, username, steamId, guestLabel, serverName, theme }: PayUrlInput): string | null {
  if (!base) return null
  const name = username?.trim() ? username : guestLabel
  const params: [string, string][] = [
    ['username', name],
    ['steamid', steamId ?? ''],
    ['servername', serverName],
    ['theme', theme],
  ]
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'
  return `${base}${separator}${query}`
}
