// Walks the shell against the real backend (demo mode): menu, routes, error banner, language,
// settings, at desktop (1280 px) and mobile (390 px) widths, with full-page screenshots.
import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import {
  expectNoSidewaysScroll,
  freshSteamId,
  getJson,
  loginWithSteam,
  MOBILE,
  settledBox,
  shot,
  watchForErrors,
} from './support/portal.ts'

/** Runs the demo backend's CLI on this run's database (e.g. `users grant <id> kol --days 10`). */
function portalCli(...args: string[]) {
  const backend = process.env.E2E_BACKEND ?? '../backend/build/portal'
  const [command = '', ...rest] = args
  const where = ['--data-dir', process.env.E2E_DATA_DIR ?? '', '--config', '../backend/config/portal.toml']
  execFileSync(backend, [command, ...where, ...rest])
}

/** A "YYYY-MM-DD" business day as the account menu writes it. */
function membershipDay(date: string, language: 'zh' | 'en'): string {
  const [y, m, d] = date.split('-').map(Number)
  return language === 'zh'
    ? `${y}年${m}月${d}日 到期`
    : `Until ${new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)))}`
}

async function useEnglish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('portal.language', 'en'))
}

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

test.describe('the shell at every width, both languages', () => {
  const widths = [
    { name: 'desktop', viewport: { width: 1280, height: 900 }, inline: true },
    { name: 'tablet', viewport: { width: 1024, height: 768 }, inline: true },
    { name: 'mobile', viewport: MOBILE.viewport, inline: false },
  ]
  for (const { name, viewport, inline } of widths) {
    for (const language of ['zh', 'en'] as const) {
      test(`${name} ${language}: the announcement is on screen, the tab title is in one language`, async ({ page }) => {
        await page.setViewportSize(viewport)
        if (language === 'en') await useEnglish(page)
        const errors = watchForErrors(page)
        await page.goto('/vip')
        await expect(page).toHaveTitle(language === 'zh' ? 'CS2 社区门户' : 'CS2 Community Portal')
        const announcement = page.getByRole('region', { name: language === 'zh' ? '公告' : 'Announcement' })
        await expect(announcement).toHaveCount(1)
        const box = await settledBox(announcement)
        const header = await settledBox(page.getByRole('banner'))
        expect(box.width).toBeGreaterThan(150)
        expect(box.width).toBeLessThanOrEqual(400.5)
        if (inline) {
          // In the header's row, which stays one row (64 px) tall.
          expect(header.height).toBeCloseTo(65, 0) // h-16 and its 1 px border
          expect(box.y).toBeGreaterThanOrEqual(header.y - 0.5)
          expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height + 0.5)
        } else {
          // Its own line right under the one-row header, inside the screen.
          expect(header.height).toBeCloseTo(65, 0) // h-16 and its 1 px border
          expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5)
          expect(box.y).toBeLessThan(header.y + header.height + 24)
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5)
          await expectNoSidewaysScroll(page)
        }
        await shot(page, `shell-${name}-${language}`, false)
        expect(errors).toEqual([])
      })
    }
  }

  test('the language switch retitles the tab', async ({ page }) => {
    await page.goto('/vip')
    await expect(page).toHaveTitle('CS2 社区门户')
    await page.getByRole('button', { name: '切换语言' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'VIP Subscription' })).toBeVisible()
    await expect(page).toHaveTitle('CS2 Community Portal')
  })

  test('the side menu hides the inventory while from is in the URL', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/vip?from=qq')
    const nav = page.getByRole('navigation', { name: '主导航' })
    await expect(nav.getByRole('link', { name: '排行榜' })).toBeVisible()
    await expect(nav.getByRole('link', { name: '皮肤换肤' })).toHaveCount(0)
    await page.goto('/vip')
    await nav.getByRole('link', { name: '皮肤换肤' }).click()
    await expect(page).toHaveURL('/inventory')
  })
})

test.describe('mobile drawer actions', () => {
  test.use(MOBILE)

  for (const language of ['zh', 'en'] as const) {
    test(`offers the bookmark hint (${language})`, async ({ page }) => {
      if (language === 'en') await useEnglish(page)
      const text = language === 'zh'
        ? { open: '打开菜单', menu: '菜单', bookmark: '收藏本站', region: /通知/, hint: /按 (Ctrl|Cmd)\+D 将本站加入书签/ }
        : { open: 'Open menu', menu: 'Menu', bookmark: 'Bookmark this site', region: /Notifications/, hint: /Press (Ctrl|Cmd)\+D to bookmark this site/ }
      await page.goto('/vip')
      await page.getByRole('button', { name: text.open }).click()
      const drawer = page.getByRole('dialog', { name: text.menu })
      const bookmark = drawer.getByRole('button', { name: text.bookmark })
      await settledBox(bookmark)
      await shot(page, `mobile-drawer-bookmark-${language}`, false)
      await bookmark.click()
      await expect(drawer).toHaveCount(0)
      await expect(page.getByRole('region', { name: text.region }).getByText(text.hint)).toBeVisible()
    })
  }
})

test.describe('memberships in the account menu', () => {
  interface Status {
    groups: { group: string; expireDate: string | null }[]
  }

  for (const { name, viewport } of [
    { name: 'desktop', viewport: { width: 1280, height: 900 } },
    { name: 'mobile', viewport: MOBILE.viewport },
  ]) {
    for (const language of ['zh', 'en'] as const) {
      test(`${name} ${language}: every membership with its end date, VIP beside a group`, async ({ page, request }) => {
        await page.setViewportSize(viewport)
        const steamId = freshSteamId()
        portalCli('users', 'grant', steamId, 'pro')
        portalCli('users', 'grant', steamId, 'kol', '--days', '10')
        portalCli('vip', 'grant', steamId, '30')
        const status = await getJson<Status>(request, `/api/auth/vip-status/${steamId}`)
        const end = (group: string) => status.groups.find((g) => g.group === group)?.expireDate ?? ''

        await page.goto('/vip')
        await loginWithSteam(page, steamId)
        if (language === 'en') {
          await page.getByRole('button', { name: '切换语言' }).click()
          await page.getByRole('menuitemradio', { name: 'English' }).click()
        }
        const account = page.getByRole('banner').getByRole('button', { name: /账号菜单|Account menu/ })
        await account.click()
        const list = page.getByTestId('memberships')
        await settledBox(list)
        const permanent = language === 'zh' ? '永久' : 'Permanent'
        await expect(list.getByRole('listitem')).toHaveText([
          `KOL${membershipDay(end('kol'), language)}`,
          `PRO${permanent}`,
          `VIP${membershipDay(end('vip'), language)}`,
        ])
        const menu = await settledBox(page.getByRole('menu'))
        expect(menu.x).toBeGreaterThanOrEqual(-0.5)
        expect(menu.x + menu.width).toBeLessThanOrEqual(viewport.width + 0.5)
        await shot(page, `account-memberships-${name}-${language}`, false)
      })
    }
  }
})
