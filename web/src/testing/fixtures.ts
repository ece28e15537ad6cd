import type { RemoteConfig } from '@/lib/config/remote-config-schema'

/** The demo configuration as the backend serves it from GET /api/config. */
export function demoConfig(): RemoteConfig {
  return {
    mode: 'demo',
    servers: { enabled: true, features: { details: true, rules: true, quickJoin: true, filters: true } },
    pracc: { enabled: true },
    inventory: { enabled: true },
    settings: { enabled: true, features: { general: true, profile: true, security: true } },
    steam: {
      openidEndpoint: 'https://steamcommunity.com/openid/login',
      realm: 'http://127.0.0.1:8080',
      returnUrl: 'http://127.0.0.1:8080/api/auth/steam/callback',
      bindReturnUrl: 'http://127.0.0.1:8080/api/auth/steam/bind/callback',
    },
    join: { addressPrefix: 'steam://connect/', appId: 730 },
    links: {
      bilibili: 'https://space.bilibili.com/1',
      douyin: 'https://www.douyin.com/user/demo',
      weibo: 'https://weibo.com/u/1',
      qqGroup: 'https://qm.qq.com/q/demo',
      filingNumber: '京ICP备00000000号',
      filingUrl: 'https://beian.miit.gov.cn/',
      vipStore: 'https://store.example.com/vip',
      vipPay: 'https://pay.example.com/vip',
      inventory: 'https://inventory.example.com/',
      supportEmail: 'support@example.com',
    },
  }
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }

/** The demo configuration with some values changed. */
export function configWith(patch: DeepPartial<RemoteConfig>): RemoteConfig {
  return merge(demoConfig(), patch) as RemoteConfig
}

function merge(base: unknown, patch: unknown): unknown {
  if (typeof base !== 'object' || base === null || typeof patch !== 'object' || patch === null) {
    return patch === undefined ? base : patch
  }
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [key, value] of Object.entries(patch)) out[key] = merge(out[key], value)
  return out
}
