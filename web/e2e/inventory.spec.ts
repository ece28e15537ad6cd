// The inventory against the REAL backend in demo mode: a visitor sees the blurred placeholder and the
// login prompt; after a Steam login through the development provider the page syncs the profile,
// gets a sign-in token and frames the demo inventory site (/dev/inventory/sign-in), which verifies
// the token and shows who is signed in. The page stays loaded while another route shows.
import { expect, test, type Page } from '@playwright/test'
import {
  ALICE_STEAM_ID,
  DESKTOP,
  MOBILE,
  expectNoSidewaysScroll,
  loginWithSteam,
  shot,
  watchForErrors,
} from './support/portal.ts'

const frame = (page: Page) => page.getByTitle('库存模拟器')

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('login required, then signed in to the inventory site inside the frame', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/inventory')
    await expect(page.getByRole('heading', { level: 1, name: '皮肤换肤' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: '需要登录' })).toBeVisible()
    await expect(page.getByTestId('inventory-placeholder')).toHaveCSS('filter', /blur/)
    await expect(page.getByRole('main').getByText(/即将推出|预计|2024/)).toHaveCount(0)
    await expect(frame(page)).toHaveCount(0)
    await shot(page, 'inventory-logged-out')

    // The page's own login button opens the login dialog; the provider sends us back to /.
    await loginWithSteam(page, ALICE_STEAM_ID, page.getByRole('main').getByRole('button', { name: '登录' }))

    const synced = page.waitForResponse((response) => response.url().endsWith('/api/database/im-update-user'))
    const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/inventory/sign-in'))
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '皮肤换肤' }).click()
    await expect(page.getByRole('status').filter({ hasText: /正在登录库存|正在加载库存/ })).toBeVisible()
    const sync = await synced
    expect(sync.status()).toBe(200)
    expect(JSON.parse(sync.request().postData() ?? '{}')).toEqual({ steamid: ALICE_STEAM_ID })
    const { username } = (await sync.json()) as { username: string }
    const signIn = await signedIn
    expect(signIn.status()).toBe(200)
    const { token } = (await signIn.json()) as { token: string }

    // 500 ms later the frame loads the sign-in page with the token; the overlay ends 4 s after that
    // (the exact delays are the Vitest test's, on a faked clock; here with room for a loaded machine).
    await expect(frame(page)).toHaveAttribute('src', new RegExp(`/dev/inventory/sign-in\\?token=${token.replace(/\./g, '\\.')}$`))
    await shot(page, 'inventory-loading', false)
    await expect(page.getByRole('status').filter({ hasText: '正在加载库存' })).toHaveCount(0, { timeout: 20_000 })
    const inside = page.frameLocator('iframe[title="库存模拟器"]')
    await expect(inside.getByText(/Signed in as/)).toContainText(`Signed in as ${username} (${ALICE_STEAM_ID})`)
    await shot(page, 'inventory-signed-in')

    // Kept alive: another route hides it, coming back shows the same signed-in frame, no new sign-in.
    let signIns = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/inventory/sign-in')) signIns += 1
    })
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '常见问题' }).click()
    await expect(frame(page)).toBeHidden()
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '皮肤换肤' }).click()
    await expect(inside.getByText(/Signed in as/)).toBeVisible()
    expect(signIns).toBe(0)
    expect(errors).toEqual([])
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('shows the login prompt over the placeholder without sideways scrolling', async ({ page }) => {
    await page.goto('/inventory')
    await expect(page.getByRole('heading', { level: 2, name: '需要登录' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button', { name: '登录' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await shot(page, 'inventory-mobile')
  })
})
