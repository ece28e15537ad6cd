// Accounts end to end against the REAL backend in demo mode: e-mail registration with the mailed
// code, e-mail login that needs a Steam account, binding through the development OpenID provider,
// logout, password reset through the mailed link, and Steam login. Mail is read from the demo
// outbox (GET /api/dev/mail); Steam is the demo provider at /api/dev/openid/login.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  DESKTOP,
  MOBILE,
  freshSteamId,
  getJson,
  loginWithSteam,
  settledBox,
  shot,
  signInAtDevProvider,
  watchForErrors,
} from './support/portal.ts'

/** The browser logs every 4xx answer as a console error; a refused login is expected here. */
const REFUSED_LOGIN = [/Failed to load resource: the server responded with a status of 401/]

interface Mail {
  to: string | string[]
  subject: string
  links: string[]
  code: string | null
  sentAt: string
}

/** The newest demo-outbox mail to `to` that satisfies `accept`, waiting for it to arrive. */
async function newestMail(request: APIRequestContext, to: string, accept: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = await getJson<Mail[]>(request, '/api/dev/mail')
        found = mails.find((mail) => [mail.to].flat().includes(to) && accept(mail))
        return found !== undefined
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

const accountMenu = (page: Page) => page.getByRole('button', { name: /^账号菜单（/ })

async function openLoginDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click()
  const dialog = page.getByRole('dialog', { name: '登录' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function logout(page: Page) {
  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  const confirm = page.getByRole('dialog', { name: '退出登录' })
  await expect(confirm).toContainText('确定要退出登录吗？')
  await confirm.getByRole('button', { name: '确定' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible()
  await expect(accountMenu(page)).toHaveCount(0)
}

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('register, bind Steam, log out, reset the password, log in by e-mail and by Steam', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const errors = watchForErrors(page, REFUSED_LOGIN)
    const email = uniqueEmail()
    const password = 'Passw0rdE2e1'
    const newPassword = 'NewPassw0rd42'
    const steamId = freshSteamId()

    await test.step('register with the mailed code', async () => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: '服务器列表' })).toBeVisible()
      const main = await openLoginDialog(page)
      await main.getByRole('button', { name: '邮箱登录' }).click()
      const login = page.getByRole('dialog', { name: '邮箱登录' })
      await login.getByRole('button', { name: '没有账号？立即注册' }).click()
      const register = page.getByRole('dialog', { name: '注册账号' })

      await register.getByLabel('邮箱').fill(email)
      await register.getByLabel('邮箱').blur()
      await expect(register.getByText('邮箱可用')).toBeVisible()
      await register.getByRole('button', { name: '发送验证码' }).click()
      await expect(register.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
      const mail = await newestMail(request, email, (m) => m.code !== null)

      await register.getByLabel('验证码').fill(mail.code!)
      await register.getByLabel('密码', { exact: true }).fill(password)
      await register.getByLabel('确认密码').fill(password)
      await shot(page, 'auth-register-filled')
      await register.getByRole('button', { name: '注册' }).click()
      await expect(register.getByText('注册成功！')).toBeVisible()
      await shot(page, 'auth-register-success')
      // The success screen returns to e-mail login by itself after 5 s (the exact delay is the Vitest
      // test's, on a faked clock); here it only has to happen, with room for a loaded machine.
      const back = page.getByRole('dialog', { name: '邮箱登录' })
      await expect(back).toBeVisible({ timeout: 20_000 })
      await expect(back.getByLabel('邮箱')).toHaveValue(email)
      // Registering does not log in.
      await expect(accountMenu(page)).toHaveCount(0)
    })

    await test.step('log in by e-mail: the account still needs a Steam account', async () => {
      const login = page.getByRole('dialog', { name: '邮箱登录' })
      await login.getByLabel('密码').fill(password)
      await login.getByLabel('密码').press('Enter')
      const binding = page.getByRole('dialog', { name: '绑定 Steam 账号' })
      await expect(binding).toBeVisible()
      await expect(binding).toContainText(email)
      await shot(page, 'auth-steam-binding')
    })

    await test.step('bind Steam through the development provider', async () => {
      const binding = page.getByRole('dialog', { name: '绑定 Steam 账号' })
      await binding.getByRole('button', { name: '通过 Steam 绑定' }).click()
      await signInAtDevProvider(page, steamId)
      await expect(page).toHaveURL('/')
      await expect(page.getByRole('region', { name: /通知/ }).getByText('Steam 账号绑定成功，已登录')).toBeVisible()
      await expect(accountMenu(page)).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
      await accountMenu(page).click()
      await expect(page.getByRole('menuitem', { name: /SteamID64/ })).toContainText(steamId)
      await shot(page, 'auth-account-menu')
      await page.keyboard.press('Escape')
    })

    await test.step('log out', async () => {
      await logout(page)
    })

    await test.step('reset the password through the mailed link', async () => {
      const main = await openLoginDialog(page)
      await main.getByRole('button', { name: '邮箱登录' }).click()
      await page.getByRole('dialog', { name: '邮箱登录' }).getByRole('button', { name: '忘记密码？' }).click()
      const reset = page.getByRole('dialog', { name: '重置密码' })
      await reset.getByLabel('邮箱').fill(email)
      await reset.getByRole('button', { name: '发送重置链接' }).click()
      await expect(reset.getByRole('status')).toContainText(email)
      const mail = await newestMail(request, email, (m) => m.links.some((link) => link.includes('reset-password')))
      const link = new URL(mail.links.find((l) => l.includes('reset-password')) ?? mail.links[0]!)

      // The link's origin is the backend's public URL; open the same path on this test's server.
      await page.goto(`${link.pathname}${link.search}`)
      await expect(page.getByRole('heading', { level: 1, name: '重置密码' })).toBeVisible()
      await expect(page.getByText(`账号：${email}`)).toBeVisible()
      await page.getByLabel('新密码', { exact: true }).fill(newPassword)
      await page.getByLabel('确认新密码').fill(newPassword)
      const reveal = page.getByRole('button', { name: '按住显示密码' }).first()
      await reveal.hover()
      await page.mouse.down()
      await expect(page.getByLabel('新密码', { exact: true })).toHaveAttribute('type', 'text')
      await page.mouse.up()
      await expect(page.getByLabel('新密码', { exact: true })).toHaveAttribute('type', 'password')
      await shot(page, 'auth-reset-page')
      await page.getByRole('button', { name: '重置密码' }).click()
      await expect(page).toHaveURL('/?showEmailLogin=true')
      await expect(page.getByRole('dialog', { name: '邮箱登录' })).toBeVisible()
      await expect(page.getByText('密码已重置，请使用新密码登录', { exact: true })).toBeVisible()
    })

    await test.step('log in by e-mail with the new password', async () => {
      const login = page.getByRole('dialog', { name: '邮箱登录' })
      await login.getByLabel('邮箱').fill(email)
      await login.getByLabel('密码').fill(password)
      await login.getByRole('button', { name: '登录' }).click()
      await expect(login.getByRole('alert')).toHaveText('邮箱或密码错误')
      await login.getByLabel('密码').fill(newPassword)
      await login.getByRole('button', { name: '登录' }).click()
      // The page reloads onto itself without showEmailLogin.
      await expect(page).toHaveURL('/')
      await expect(accountMenu(page)).toBeVisible()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await logout(page)
    })

    await test.step('log in with Steam through the development provider', async () => {
      const main = await openLoginDialog(page)
      await main.getByRole('button', { name: '通过 Steam 登录' }).click()
      await signInAtDevProvider(page, steamId)
      await expect(page).toHaveURL('/')
      await expect(page.getByRole('region', { name: /通知/ }).getByText('登录成功，欢迎！')).toBeVisible()
      await expect(accountMenu(page)).toBeVisible()
      await accountMenu(page).click()
      await expect(page.getByRole('menuitem', { name: /SteamID64/ })).toContainText(steamId)
      await page.keyboard.press('Escape')
      // The session survives a reload.
      await page.reload()
      await expect(accountMenu(page)).toBeVisible()
    })

    expect(errors).toEqual([])
  })

  test('a callback without a token shows the error banner on /', async ({ page }) => {
    await page.goto('/auth/steam/callback')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('alert')).toHaveText('未获取到登录令牌')
    await page.goto('/auth/steam/bind/callback?error=already_bound')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('alert')).toHaveText('该用户已绑定 Steam 账号')
  })

  test('log out everywhere ends the session on the other device too', async ({ page, browser, baseURL }) => {
    const errors = watchForErrors(page)
    const steamId = freshSteamId()
    await page.goto('/')
    await loginWithSteam(page, steamId)
    await expect(accountMenu(page)).toBeVisible()

    // A second device: its own browser context, its own sign-in to the same account.
    const device = await browser.newContext({ ...DESKTOP, baseURL, locale: 'zh-CN' })
    const other = await device.newPage()
    await other.goto('/')
    await loginWithSteam(other, steamId)
    await expect(accountMenu(other)).toBeVisible()
    const otherToken = await other.evaluate(() => localStorage.getItem('portal.loginToken'))
    expect(otherToken).toBeTruthy()

    // The menu item, by keyboard: this session ends here at once.
    await accountMenu(page).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: '退出登录' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: '退出所有设备' })).toBeFocused()
    await page.keyboard.press('Enter')
    const login = page.getByRole('banner').getByRole('button', { name: '登录' })
    await expect(login).toBeVisible()
    await expect(login).toBeFocused()
    await expect(accountMenu(page)).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('portal.loginToken'))).toBeNull()

    // The other device's token is refused now; its next call with it (the inventory sign-in) ends
    // its session there too.
    const refused = await other.request.get('/api/auth/steam/user-info', {
      headers: { Authorization: `Bearer ${otherToken}` },
    })
    expect(refused.status()).toBe(401)
    expect(((await refused.json()) as { error: string }).error).toBe('INVALID_TOKEN')
    await other.goto('/inventory')
    await expect(other.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible()
    await expect(accountMenu(other)).toHaveCount(0)
    await device.close()
    expect(errors).toEqual([])
  })

  test('a session ended on another device ends on this screen at the next check, which says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    const errors = watchForErrors(page, [/Failed to load resource: the server responded with a status of 401/])
    // The page's clock, so the 60 s check can be brought forward instead of waited for.
    await page.clock.install()
    const steamId = freshSteamId()
    await page.goto('/')
    await loginWithSteam(page, steamId)
    await page.goto('/leaderboard')
    await expect(accountMenu(page)).toBeVisible()

    // Another device signs in to the same account and logs out everywhere; this page is not reloaded.
    const device = await browser.newContext({ ...DESKTOP, baseURL, locale: 'zh-CN' })
    const other = await device.newPage()
    await other.goto('/')
    await loginWithSteam(other, steamId)
    const otherToken = await other.evaluate(() => localStorage.getItem('portal.loginToken'))
    const ended = await other.request.post('/api/auth/logout-all', { headers: { Authorization: `Bearer ${otherToken}` } })
    expect(ended.status()).toBe(204)
    await device.close()
    await expect(accountMenu(page)).toBeVisible()

    await page.clock.fastForward(61_000)
    const notice = page.getByRole('alert').filter({ hasText: '登录已过期' })
    await expect(notice).toBeVisible()
    await expect(accountMenu(page)).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('portal.loginToken'))).toBeNull()
    await shot(page, 'auth-login-expired', false)

    // Its button opens the login dialog.
    await notice.getByRole('button', { name: '重新登录' }).click()
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a wrong e-mail login says so', async ({ page }) => {
    await page.goto('/?showEmailLogin=true')
    const login = page.getByRole('dialog', { name: '邮箱登录' })
    await login.getByLabel('邮箱').fill(uniqueEmail())
    await login.getByLabel('密码').fill('nobody-here-1')
    await login.getByLabel('密码').press('Enter')
    await expect(login.getByRole('alert')).toHaveText('邮箱或密码错误')
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('the login dialog fits the screen in every view', async ({ page }) => {
    const errors = watchForErrors(page, REFUSED_LOGIN)
    await page.goto('/')
    // Below sm the header's login button shows only its icon; its name stays.
    const dialog = await openLoginDialog(page)
    // The named view's dialog once its pop-in has settled (mid-animation it is scaled down).
    const fits = async (name: string) => {
      const box = await settledBox(page.getByRole('dialog', { name }))
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(844)
    }
    await fits('登录')
    await shot(page, 'auth-mobile-main')
    await dialog.getByRole('button', { name: '邮箱登录' }).click()
    await fits('邮箱登录')
    await page.getByRole('dialog', { name: '邮箱登录' }).getByRole('button', { name: '没有账号？立即注册' }).click()
    await fits('注册账号')
    await expect(page.getByRole('dialog', { name: '注册账号' }).getByRole('button', { name: '发送验证码' })).toBeVisible()
    await shot(page, 'auth-mobile-register')
    await page.getByRole('dialog', { name: '注册账号' }).getByRole('button', { name: '返回' }).click()
    await page.getByRole('dialog', { name: '邮箱登录' }).getByRole('button', { name: '忘记密码？' }).click()
    await fits('重置密码')
    await shot(page, 'auth-mobile-reset')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
