// The inventory against the REAL backend in demo mode: a visitor sees the blurred placeholder and the
// login prompt; after a Steam login through the development provider the page syncs the profile,
// gets a sign-in token and frames the demo inventory site (/dev/inventory/sign-in), which verifies
// the token and shows who is signed in. The page stays loaded while another route shows.
import { expect, test, type Page } from '@playwright/test'

const SHOTS = 'test-results/screenshots'
/** A preset account of the demo OpenID provider. */
const ALICE_STEAM_ID = '76561197960361544'

function watchForErrors(page: Page): string[] {
  const errors: string[] = []
  const onPortal = () => !new URL(page.url()).pathname.startsWith('/api/dev/')
  page.on('console', (message) => {
    if (message.type() === 'error' && onPortal()) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function loginWithSteam(page: Page, steamId: string) {
  await page.getByRole('main').getByRole('button', { name: '登录' }).click()
  await page.getByRole('dialog', { name: '登录' }).getByRole('button', { name: '通过 Steam 登录' }).click()
  await expect(page).toHaveURL(/\/api\/dev\/openid\/login/)
  await page.getByLabel('SteamID64').fill(steamId)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/')
}

const frame = (page: Page) => page.getByTitle('库存模拟器')

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('login required, then signed in to the inventory site inside the frame', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/inventory')
    await expect(page.getByRole('heading', { level: 1, name: '皮肤换肤' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: '需要登录' })).toBeVisible()
    await expect(page.getByTestId('inventory-placeholder')).toHaveCSS('filter', /blur/)
    await expect(page.getByText('换肤功能预计 2024 年 12 月上线')).toBeVisible()
    await expect(frame(page)).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/inventory-logged-out.png`, fullPage: true })

    // The page's own login button opens the login dialog; the provider sends us back to /.
    await loginWithSteam(page, ALICE_STEAM_ID)

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

    // 500 ms later the frame loads the sign-in page with the token; the overlay ends 4 s after that.
    await expect(frame(page)).toHaveAttribute('src', new RegExp(`/dev/inventory/sign-in\\?token=${token.replace(/\./g, '\\.')}$`))
    await page.screenshot({ path: `${SHOTS}/inventory-loading.png` })
    await expect(page.getByRole('status').filter({ hasText: '正在加载库存' })).toHaveCount(0, { timeout: 6_000 })
    const inside = page.frameLocator('iframe[title="库存模拟器"]')
    await expect(inside.getByText(/Signed in as/)).toContainText(`Signed in as ${username} (${ALICE_STEAM_ID})`)
    await page.screenshot({ path: `${SHOTS}/inventory-signed-in.png`, fullPage: true })

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
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('shows the login prompt over the placeholder without sideways scrolling', async ({ page }) => {
    await page.goto('/inventory')
    await expect(page.getByRole('heading', { level: 2, name: '需要登录' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button', { name: '登录' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: `${SHOTS}/inventory-mobile.png`, fullPage: true })
  })
})
