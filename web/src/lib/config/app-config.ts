// The configuration the app runs on: local view-config defaults, overridden by the remote
// configuration where it has a value (spec 000 §2.1).
import { GAME_APP_ID } from '../constants'
import { isPaymentMethod, type PaymentMethod } from '../payments/payment-methods'
import type { RemoteConfig } from './remote-config-schema'

export interface AppConfig {
  /** 'remote' when GET /api/config answered, 'defaults' when it was missing or failed. */
  source: 'remote' | 'defaults'
  mode: string | null
  servers: {
    enabled: boolean
    /** Remote feature flags; each is false unless the remote configuration turns it on. */
    features: { details: boolean; rules: boolean; quickJoin: boolean; filters: boolean }
    /** Local view configuration of the servers screen. */
    view: { quickJoin: boolean; filters: boolean; details: boolean; rules: boolean }
  }
  pracc: { enabled: boolean; view: { createRoom: boolean; findScrims: boolean; spectate: boolean } }
  inventory: { enabled: boolean; view: { trading: boolean; market: boolean; details: boolean } }
  settings: { enabled: boolean; features: { general: boolean; profile: boolean; security: boolean } }
  steam: { openidEndpoint: string; realm: string; returnUrl: string; bindReturnUrl: string } | null
  join: { addressPrefix: string; appId: number }
  links: {
    bilibili: string
    douyin: string
    weibo: string
    qqGroup: string
    filingNumber: string
    filingUrl: string
    vipStore: string
    vipPay: string
    inventory: string
    /** The inventory site's sign-in callback ('' when not configured: the frame falls back to inventory). */
    inventorySignIn: string
    supportEmail: string
  }
  /** The payment methods the portal's own checkout offers, in the configured order (none: no checkout). */
  payments: {
    methods: PaymentMethod[]
    /** Demo mode only ('' otherwise): where a desktop tester "scans" a WeChat Pay code; its pr value follows. */
    sandboxScanUrl: string
  }
}

/** Local view-config defaults, used as they are when no remote configuration is available. */
export const DEFAULT_CONFIG: AppConfig = {
  source: 'defaults',
  mode: null,
  servers: {
    enabled: true,
    features: { details: false, rules: false, quickJoin: false, filters: false },
    view: { quickJoin: true, filters: true, details: true, rules: true },
  },
  pracc: { enabled: true, view: { createRoom: true, findScrims: true, spectate: true } },
  inventory: { enabled: true, view: { trading: false, market: false, details: false } },
  settings: { enabled: false, features: { general: false, profile: false, security: false } },
  steam: null,
  join: { addressPrefix: 'steam://connect/', appId: GAME_APP_ID },
  links: {
    bilibili: '',
    douyin: '',
    weibo: '',
    qqGroup: '',
    filingNumber: '',
    filingUrl: '',
    vipStore: '',
    vipPay: '',
    inventory: '',
    inventorySignIn: '',
    supportEmail: '',
  },
  payments: { methods: [], sandboxScanUrl: '' },
}

/** Copies each key of `base`, taking the override's value where it is defined. */
function overlay<T extends object>(base: T, override: Partial<Record<keyof T, unknown>> | undefined): T {
  if (!override) return { ...base }
  const out = { ...base }
  for (const key of Object.keys(base) as (keyof T)[]) {
    const value = override[key]
    if (value !== undefined) out[key] = value as T[keyof T]
  }
  return out
}

export function resolveConfig(remote: RemoteConfig | null | undefined): AppConfig {
  const d = DEFAULT_CONFIG
  if (!remote) return structuredClone(d)
  const steam = remote.steam
  return {
    source: 'remote',
    mode: remote.mode ?? null,
    servers: {
      enabled: remote.servers?.enabled ?? d.servers.enabled,
      features: overlay(d.servers.features, remote.servers?.features),
      view: { ...d.servers.view },
    },
    pracc: { enabled: remote.pracc?.enabled ?? d.pracc.enabled, view: { ...d.pracc.view } },
    inventory: { enabled: remote.inventory?.enabled ?? d.inventory.enabled, view: { ...d.inventory.view } },
    settings: {
      enabled: remote.settings?.enabled ?? d.settings.enabled,
      features: overlay(d.settings.features, remote.settings?.features),
    },
    steam:
      steam?.openidEndpoint && steam.realm && steam.returnUrl && steam.bindReturnUrl
        ? {
            openidEndpoint: steam.openidEndpoint,
            realm: steam.realm,
            returnUrl: steam.returnUrl,
            bindReturnUrl: steam.bindReturnUrl,
          }
        : null,
    join: overlay(d.join, remote.join),
    links: overlay(d.links, remote.links),
    payments: {
      methods: [...new Set((remote.payments?.methods ?? []).filter(isPaymentMethod))],
      sandboxScanUrl: remote.payments?.sandboxScanUrl ?? '',
    },
  }
}
