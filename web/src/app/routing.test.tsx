import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeSession } from '@/testing/auth-fixtures'
import { configWith } from '@/testing/fixtures'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

describe('shell routes', () => {
  it('sends an unknown path to / with the banner 页面不存在, and dismissing clears the state', async () => {
    const { user, location } = await renderApp('/no/such/page')

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('页面不存在')
    expect(location().pathname).toBe('/')
    expect(await screen.findByRole('heading', { level: 1, name: '服务器列表' })).toBeInTheDocument()

    await user.click(within(banner).getByRole('button', { name: '关闭提示' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(location().state).toBeNull()
    expect(location().pathname).toBe('/')
  })

  it('redirects a disabled feature to / with the banner 该功能未启用', async () => {
    const { location } = await renderApp('/pracc', { config: configWith({ pracc: { enabled: false } }) })

    expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
    expect(location().pathname).toBe('/')
  })

  it('shows the servers screen at / when servers are enabled', async () => {
    const { location } = await renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: '服务器列表' })).toBeInTheDocument()
    expect(location().pathname).toBe('/')
  })

  it('sends / to /vip when servers are disabled, keeping the banner', async () => {
    const { location } = await renderApp('/unknown', { config: configWith({ servers: { enabled: false } }) })

    expect(await screen.findByRole('heading', { level: 1, name: 'VIP 订阅' })).toBeInTheDocument()
    expect(location().pathname).toBe('/vip')
    expect(screen.getByRole('alert')).toHaveTextContent('页面不存在')
  })

  it('redirects /servers to / with 该功能未启用 when servers are disabled', async () => {
    const { location } = await renderApp('/servers', { config: configWith({ servers: { enabled: false } }) })
    expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
    // / itself then forwards to /vip because servers are off.
    await waitFor(() => expect(location().pathname).toBe('/vip'))
  })

  it.each([
    ['/vip', 'VIP 订阅'],
    ['/leaderboard', '排行榜'],
    ['/faq', '常见问题'],
    ['/pracc', '训练服务器'],
    ['/reset-password?token=t&email=a%40b.c', '重置密码'],
  ])('renders the page frame of %s', async (path, title) => {
    const { location } = await renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(`${location().pathname}${location().search}`).toBe(path)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('redirects /inventory?from=… to / (keeping from)', async () => {
    const { location } = await renderApp('/inventory?from=app')
    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(location().search).toBe('?from=app')
    expect(screen.queryByRole('heading', { name: '皮肤换肤' })).not.toBeInTheDocument()
  })

  it('keeps the inventory mounted but hidden after leaving it', async () => {
    const { user, location } = await renderApp('/inventory')
    const heading = await screen.findByRole('heading', { level: 1, name: '皮肤换肤' })
    expect(heading).toBeVisible()

    await user.click(screen.getByRole('link', { name: 'VIP 订阅' }))
    expect(location().pathname).toBe('/vip')
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP 订阅' })).toBeInTheDocument()
    // Same element, still in the document, now hidden.
    expect(heading).toBeInTheDocument()
    expect(heading).not.toBeVisible()

    await user.click(screen.getByRole('link', { name: '皮肤换肤' }))
    expect(screen.getByRole('heading', { level: 1, name: '皮肤换肤' })).toBe(heading)
    expect(heading).toBeVisible()
  })

  it('does not mount the inventory before it is visited', async () => {
    await renderApp('/vip')
    await screen.findByRole('heading', { level: 1, name: 'VIP 订阅' })
    expect(screen.queryByTestId('inventory-host')).not.toBeInTheDocument()
  })

  it('redirects /inventory with 该功能未启用 when inventory is disabled', async () => {
    const { location } = await renderApp('/inventory', { config: configWith({ inventory: { enabled: false } }) })
    expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
    expect(location().pathname).toBe('/')
  })

  it('opens the login dialog at /login and returns to / when it closes', async () => {
    const { user, location } = await renderApp('/login?from=app')
    const dialog = await screen.findByRole('dialog', { name: '登录' })
    await user.click(within(dialog).getByRole('button', { name: '关闭' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(location().pathname).toBe('/')
    expect(location().search).toBe('?from=app')
  })

  it('closes the login dialog with Escape', async () => {
    const { user, location } = await renderApp('/login')
    await screen.findByRole('dialog', { name: '登录' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(location().pathname).toBe('/'))
  })

  it('sends a logged-in user from /login to / (keeping from) without the login dialog', async () => {
    storeSession()
    const { router, location } = await renderApp('/login?from=app')
    expect(await screen.findByRole('heading', { level: 1, name: '服务器列表' })).toBeInTheDocument()
    expect(location().pathname).toBe('/')
    expect(location().search).toBe('?from=app')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '账号菜单（alice）' })).toBeInTheDocument()
  })

  it('keeps the banner of a redirect to /login for a logged-in user', async () => {
    storeSession()
    const { location } = await renderApp('/reset-password?token=abc')
    expect(await screen.findByRole('alert')).toHaveTextContent('缺少必要参数')
    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('settings routes', () => {
  it('shows general settings at /settings with the enabled sub-pages in its menu', async () => {
    await renderApp('/settings')
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: '声音' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: '设置分类' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['通用', '个人资料', '安全'])
  })

  it.each([
    ['/settings/profile', '个人资料'],
    ['/settings/security', '修改密码'],
  ])('shows %s', async (path, section) => {
    await renderApp(path)
    expect(await screen.findByRole('region', { name: section })).toBeInTheDocument()
  })

  it('redirects an unknown path under /settings to /settings', async () => {
    const { location } = await renderApp('/settings/nope')
    await waitFor(() => expect(location().pathname).toBe('/settings'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('hides a disabled sub-page and redirects its path to /settings', async () => {
    const { location } = await renderApp('/settings/security', {
      config: configWith({ settings: { features: { security: false } } }),
    })
    await waitFor(() => expect(location().pathname).toBe('/settings'))
    const nav = screen.getByRole('navigation', { name: '设置分类' })
    expect(within(nav).queryByRole('link', { name: '安全' })).not.toBeInTheDocument()
  })

  it('sends the index to the first enabled sub-page when general is off', async () => {
    const { location } = await renderApp('/settings', {
      config: configWith({ settings: { features: { general: false } } }),
    })
    await waitFor(() => expect(location().pathname).toBe('/settings/profile'))
    expect(screen.queryByRole('link', { name: '通用' })).not.toBeInTheDocument()
  })

  it('treats settings with no enabled sub-page as a disabled feature', async () => {
    const { location } = await renderApp('/settings', {
      config: configWith({ settings: { features: { general: false, profile: false, security: false } } }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
    expect(location().pathname).toBe('/')
  })

  it('redirects /settings with 该功能未启用 when settings are disabled', async () => {
    const { location } = await renderApp('/settings/profile', {
      config: configWith({ settings: { enabled: false } }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
    expect(location().pathname).toBe('/')
  })
})
