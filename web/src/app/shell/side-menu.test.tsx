import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, resolveConfig } from '@/lib/config/app-config'
import { configWith, demoConfig } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { buildMenuEntries, isEntryActive } from './menu-entries'

const mainNav = () => screen.getByRole('navigation', { name: '主导航' })

describe('menu entries', () => {
  it('lists every entry in order when everything is enabled', () => {
    const keys = buildMenuEntries(resolveConfig(demoConfig()), { showInventory: true }).map((e) => e.key)
    expect(keys).toEqual(['servers', 'vip', 'leaderboard', 'pracc', 'inventory', 'faq', 'settings'])
  })

  it('drops the gated entries', () => {
    const config = resolveConfig(
      configWith({ servers: { enabled: false }, pracc: { enabled: false }, settings: { enabled: false } }),
    )
    expect(buildMenuEntries(config, { showInventory: true }).map((e) => e.key)).toEqual([
      'vip',
      'leaderboard',
      'inventory',
      'faq',
    ])
  })

  it('shows inventory only when enabled and the parent allows it', () => {
    const keys = (showInventory: boolean, enabled: boolean) =>
      buildMenuEntries(resolveConfig(configWith({ inventory: { enabled } })), { showInventory }).map((e) => e.key)
    expect(keys(true, true)).toContain('inventory')
    expect(keys(false, true)).not.toContain('inventory')
    expect(keys(true, false)).not.toContain('inventory')
  })

  it('uses the local defaults without a configuration (settings hidden)', () => {
    expect(buildMenuEntries(DEFAULT_CONFIG, { showInventory: true }).map((e) => e.key)).toEqual([
      'servers',
      'vip',
      'leaderboard',
      'pracc',
      'inventory',
      'faq',
    ])
  })

  it('is active when its path is a prefix of the current path', () => {
    expect(isEntryActive('/settings', '/settings')).toBe(true)
    expect(isEntryActive('/settings', '/settings/profile')).toBe(true)
    expect(isEntryActive('/servers', '/servers/details/1')).toBe(true)
    expect(isEntryActive('/vip', '/')).toBe(false)
    expect(isEntryActive('/vip', '/faq')).toBe(false)
  })
})

describe('side menu', () => {
  it('marks the entry whose path prefixes the current path as current', async () => {
    await renderApp('/settings/security')
    const current = within(mainNav()).getAllByRole('link', { current: 'page' })
    expect(current).toHaveLength(1)
    expect(current[0]).toHaveAccessibleName('设置')
  })

  it('shows the NEW badge on the practice entry only', async () => {
    await renderApp('/vip')
    const pracc = within(mainNav()).getByRole('link', { name: /训练服务器/ })
    expect(pracc).toHaveTextContent('NEW')
    expect(pracc).toHaveAccessibleName('训练服务器 新功能')
    expect(within(mainNav()).getAllByText('NEW')).toHaveLength(1)
  })

  it('keeps the from query parameter on every entry and across navigation', async () => {
    const { user, location } = await renderApp('/vip?from=qq&other=1')
    for (const link of within(mainNav()).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/\?from=qq$/)
    }
    await user.click(within(mainNav()).getByRole('link', { name: '排行榜' }))
    expect(location().pathname).toBe('/leaderboard')
    expect(location().search).toBe('?from=qq')
    await user.click(within(mainNav()).getByRole('link', { name: '常见问题' }))
    expect(location().search).toBe('?from=qq')
  })

  it('offers no inventory entry while from is in the URL, as the inventory route would bounce it', async () => {
    await renderApp('/vip?from=qq')
    expect(within(mainNav()).getByRole('link', { name: '排行榜' })).toBeInTheDocument()
    expect(within(mainNav()).queryByRole('link', { name: '皮肤换肤' })).not.toBeInTheDocument()
  })

  it('offers the inventory entry without from, and it stays on the inventory', async () => {
    const { user, location } = await renderApp('/vip')
    await user.click(within(mainNav()).getByRole('link', { name: '皮肤换肤' }))
    expect(location().pathname).toBe('/inventory')
  })

  it('adds no query string when there is no from', async () => {
    await renderApp('/vip?other=1')
    expect(within(mainNav()).getByRole('link', { name: '排行榜' })).toHaveAttribute('href', '/leaderboard')
  })

  it('holds the four social links, opening in a new tab safely, and the filing link', async () => {
    await renderApp('/')
    const social = screen.getByRole('navigation', { name: '关注我们' })
    const links = within(social).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      '哔哩哔哩（在新标签页打开）',
      '抖音（在新标签页打开）',
      '微博（在新标签页打开）',
      'QQ 群（在新标签页打开）',
    ])
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(links[0]).toHaveAttribute('href', 'https://space.bilibili.com/1')
    const filing = screen.getByRole('link', { name: '京ICP备00000000号' })
    expect(filing).toHaveAttribute('href', 'https://beian.miit.gov.cn/')
    expect(filing).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('hides the filing link when the filing number is empty, and unsafe link URLs', async () => {
    await renderApp('/', {
      config: configWith({ links: { filingNumber: '', weibo: 'javascript:alert(1)' } }),
    })
    expect(screen.queryByRole('link', { name: /ICP/ })).not.toBeInTheDocument()
    const social = screen.getByRole('navigation', { name: '关注我们' })
    expect(within(social).getAllByRole('link')).toHaveLength(3)
  })
})

describe('mobile drawer (below 1024 px)', () => {
  it('has no fixed menu; the toggle opens a drawer that closes after a choice', async () => {
    const { user, location } = await renderApp('/vip', { width: 390 })
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument()

    const toggle = screen.getByRole('button', { name: '打开菜单' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)

    const drawer = await screen.findByRole('dialog', { name: '菜单' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // Focus moves into the drawer.
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement))

    await user.click(within(drawer).getByRole('link', { name: '排行榜' }))
    expect(location().pathname).toBe('/leaderboard')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes on Escape and returns focus to the toggle', async () => {
    const { user } = await renderApp('/vip', { width: 390 })
    const toggle = screen.getByRole('button', { name: '打开菜单' })
    await user.click(toggle)
    await screen.findByRole('dialog', { name: '菜单' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toggle).toHaveFocus()
  })

  it('shows the fixed menu and no toggle from 1024 px', async () => {
    await renderApp('/vip', { width: 1024 })
    expect(mainNav()).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument()
  })
})
