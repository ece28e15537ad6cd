// Walks the shell against the real backend (demo mode): menu, routes, error banner, language,
// settings, at desktop (1280 px) and mobile (390 px) widths, with full-page screenshots.
import { expect, test } from '@playwright/test'
import { MOBILE, shot, watchForErrors } from './support/portal.ts'

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('walks the side menu', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: '服务器列表' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: '主导航' })
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link', { name: /训练服务器/ })).toContainText('NEW')
    await expect(page.getByRole('button', { name: '打开菜单' })).toHaveCount(0)
    // The filing number comes from the backend's configuration (set for this run in playwright.config.ts).
    await expect(page.getByRole('link', { name: /京ICP备00000000号/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn/')
    await shot(page, 'desktop-home')

    const stops: [string, string, string][] = [
      ['服务器', '/servers', '服务器列表'],
      ['VIP 订阅', '/vip', 'VIP 订阅'],
      ['排行榜', '/leaderboard', '排行榜'],
      ['训练服务器', '/pracc', '训练服务器'],
      ['皮肤换肤', '/inventory', '皮肤换肤'],
      ['常见问题', '/faq', '常见问题'],
      ['设置', '/settings', '设置'],
    ]
    for (const [entry, path, title] of stops) {
      await nav.getByRole('link', { name: new RegExp(`^${entry}`) }).click()
      // The leaderboard adds its season to the query once the seasons have loaded.
      await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(nav.getByRole('link', { name: new RegExp(`^${entry}`) })).toHaveAttribute('aria-current', 'page')
      await shot(page, `desktop${path.replace(/\//g, '-')}`)
    }
    expect(errors).toEqual([])
  })

  test('keeps the from parameter while navigating', async ({ page }) => {
    await page.goto('/vip?from=qq')
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '排行榜' }).click()
    await expect(page).toHaveURL(/\/leaderboard\?(.*&)?from=qq(&.*)?$/)
  })

  test('sends an unknown path to / with a dismissible error banner', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/this/page/does/not/exist')
    await expect(page).toHaveURL('/')
    const banner = page.getByRole('alert')
    await expect(banner).toHaveText('页面不存在')
    await shot(page, 'desktop-not-found-banner')
    await banner.getByRole('button', { name: '关闭提示' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
    // The cleared state stays cleared after a reload.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: '服务器列表' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('visits the settings sub-pages and falls back to /settings', async ({ page }) => {
    await page.goto('/settings')
    const sections = page.getByRole('navigation', { name: '设置分类' })
    await expect(page.getByRole('region', { name: '声音' })).toBeVisible()
    const sound = page.getByRole('switch', { name: '界面音效' })
    await expect(sound).toBeChecked()
    await sound.click()
    await expect(sound).not.toBeChecked()
    await shot(page, 'desktop-settings-general')

    await sections.getByRole('link', { name: '个人资料' }).click()
    await expect(page).toHaveURL('/settings/profile')
    await expect(page.getByLabel('显示名称')).toBeVisible()
    await expect(page.getByLabel('国家或地区')).toBeVisible()
    await shot(page, 'desktop-settings-profile')

    await sections.getByRole('link', { name: '安全' }).click()
    await expect(page).toHaveURL('/settings/security')
    await expect(page.getByLabel('当前密码')).toBeVisible()
    await expect(page.getByRole('switch', { name: '启用两步验证' })).toBeVisible()
    await shot(page, 'desktop-settings-security')

    await page.goto('/settings/unknown')
    await expect(page).toHaveURL('/settings')
  })

  test('opens the login dialog in place from the header, and at /login', async ({ page }) => {
    await page.goto('/vip')
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click()
    const dialog = page.getByRole('dialog', { name: '登录' })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL('/vip')
    await shot(page, 'desktop-login-dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/vip')

    await page.goto('/login')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/')
  })

  test('shows the bookmark hint as a toast', async ({ page }) => {
    await page.goto('/vip')
    await page.getByRole('button', { name: '收藏本站' }).click()
    await expect(page.getByRole('region', { name: /通知/ }).getByText(/按 (Ctrl|Cmd)\+D 将本站加入书签/)).toBeVisible()
  })

  test('switches to English, which persists across the reload', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/vip')
    await page.getByRole('button', { name: '切换语言' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'VIP Subscription' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect(await page.evaluate(() => localStorage.getItem('portal.language'))).toBe('en')

    await page.goto('/nowhere')
    await expect(page.getByRole('alert')).toHaveText('Page not found')
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
    await shot(page, 'desktop-english')
    expect(errors).toEqual([])
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('uses a drawer that closes after a choice', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: '服务器列表' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0)
    await shot(page, 'mobile-home')

    const toggle = page.getByRole('button', { name: '打开菜单' })
    await toggle.click()
    const drawer = page.getByRole('dialog', { name: '菜单' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('link', { name: /训练服务器/ })).toContainText('NEW')
    await shot(page, 'mobile-drawer-open')

    await drawer.getByRole('link', { name: '排行榜' }).click()
    await expect(page).toHaveURL(/\/leaderboard(\?.*)?$/)
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: '排行榜' })).toBeVisible()
    await shot(page, 'mobile-leaderboard')

    // Escape closes it too, and focus goes back to the toggle.
    await toggle.click()
    await expect(drawer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(toggle).toBeFocused()
    expect(errors).toEqual([])
  })

  test('shows the error banner and the settings pages', async ({ page }) => {
    await page.goto('/missing')
    await expect(page.getByRole('alert')).toHaveText('页面不存在')
    await shot(page, 'mobile-not-found-banner')
    await page.getByRole('button', { name: '关闭提示' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)

    for (const [path, region] of [
      ['/settings', '声音'],
      ['/settings/profile', '个人资料'],
      ['/settings/security', '修改密码'],
    ]) {
      await page.goto(path)
      await expect(page.getByRole('region', { name: region })).toBeVisible()
      await shot(page, `mobile${path.replace(/\//g, '-')}`)
    }
  })
})
