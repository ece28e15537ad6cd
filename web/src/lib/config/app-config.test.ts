import { describe, expect, it } from 'vitest'
import { configWith, demoConfig } from '@/testing/fixtures'
import { DEFAULT_CONFIG, resolveConfig } from './app-config'
import { remoteConfigSchema } from './remote-config-schema'

describe('resolveConfig', () => {
  it('without a remote configuration uses the local view-config defaults', () => {
    const config = resolveConfig(null)
    expect(config.source).toBe('defaults')
    expect(config.servers.enabled).toBe(true)
    expect(config.servers.features).toEqual({ details: false, rules: false, quickJoin: false, filters: false })
    expect(config.servers.view).toEqual({ quickJoin: true, filters: true, details: true, rules: true })
    expect(config.pracc).toEqual({ enabled: true, view: { createRoom: true, findScrims: true, spectate: true } })
    expect(config.inventory).toEqual({ enabled: true, view: { trading: false, market: false, details: false } })
    expect(config.settings.enabled).toBe(false)
    expect(config.join).toEqual({ addressPrefix: 'steam://connect/', appId: 730 })
    expect(config.links.filingNumber).toBe('')
  })

  it('returns a copy, never the shared defaults', () => {
    const config = resolveConfig(undefined)
    config.servers.features.details = true
    expect(DEFAULT_CONFIG.servers.features.details).toBe(false)
  })

  it('lets remote values override the defaults', () => {
    const config = resolveConfig(demoConfig())
    expect(config.source).toBe('remote')
    expect(config.mode).toBe('demo')
    expect(config.servers.features).toEqual({ details: true, rules: true, quickJoin: true, filters: true })
    expect(config.settings).toEqual({ enabled: true, features: { general: true, profile: true, security: true } })
    expect(config.steam?.returnUrl).toBe('http://127.0.0.1:8080/api/auth/steam/callback')
    expect(config.links.filingNumber).toBe('京ICP备00000000号')
  })

  it('keeps defaults for the keys a partial remote configuration leaves out', () => {
    const config = resolveConfig(remoteConfigSchema.parse({ settings: { enabled: true }, pracc: {} }))
    expect(config.servers.enabled).toBe(true)
    expect(config.servers.features.details).toBe(false)
    expect(config.pracc.enabled).toBe(true)
    expect(config.settings).toEqual({ enabled: true, features: { general: false, profile: false, security: false } })
    expect(config.steam).toBeNull()
  })

  it('drops only the invalid fields of a remote configuration', () => {
    const parsed = remoteConfigSchema.parse({
      servers: { enabled: 'yes', features: { details: true, rules: 1 } },
      pracc: { enabled: false },
      links: { bilibili: 'javascript:alert(1)', weibo: 'https://weibo.com/x', filingNumber: 7 },
      join: { appId: -1 },
    })
    const config = resolveConfig(parsed)
    expect(config.servers.enabled).toBe(true)
    expect(config.servers.features.details).toBe(true)
    expect(config.servers.features.rules).toBe(false)
    expect(config.pracc.enabled).toBe(false)
    expect(config.links.bilibili).toBe('')
    expect(config.links.weibo).toBe('https://weibo.com/x')
    expect(config.links.filingNumber).toBe('')
    expect(config.join.appId).toBe(730)
  })

  it('reads the inventory sign-in link (http(s) only), empty when absent', () => {
    expect(resolveConfig(null).links.inventorySignIn).toBe('')
    const signIn = 'http://127.0.0.1:8080/dev/inventory/sign-in'
    expect(resolveConfig(configWith({ links: { inventorySignIn: signIn } })).links.inventorySignIn).toBe(signIn)
    const bad = remoteConfigSchema.parse({ links: { inventorySignIn: 'javascript:alert(1)' } })
    expect(resolveConfig(bad).links.inventorySignIn).toBe('')
  })

  it('can switch features off remotely', () => {
    const config = resolveConfig(configWith({ servers: { enabled: false }, inventory: { enabled: false } }))
    expect(config.servers.enabled).toBe(false)
    expect(config.inventory.enabled).toBe(false)
  })
})
