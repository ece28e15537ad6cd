// The practice-server rental end to end against the REAL backend in demo mode (spec 001 §2.2-2.4,
// §4-9): a newcomer buys a server through the payment stand-ins (sim/payments); the real Tencent
// adapter launches it in the local cloud stand-in (sim/cloud), which runs a simulated CS2 server on a
// loopback address. playwright.config.ts sets the cloud's pace for tests: a machine boots in 1 s, the
// rental's jobs look every second, and a running server records a demo every 10 s. The web refreshes
// a list with a server in a transitional state every 15 s and polls an order every 10 s, so the
// waits below are for states, with room for those periods on a loaded 2-core machine.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DESKTOP, freshSteamId, getJson, loginWithSteam, settled, shot, watchForErrors } from './support/portal.ts'

test.use(DESKTOP)

/** An order poll (10 s) and the list's refresh while a server is busy (15 s), with room. */
const POLLED = { timeout: 40_000 }

interface PriceItem {
  duration: number
  relocatable: boolean
  amount: number
}

async function price(request: APIRequestContext, hours: number, relocatable: boolean): Promise<string> {
  const pricing = await getJson<{ data: { items: PriceItem[] } }>(
    request,
    '/api/payment/pricing?product_type=server_rental&currency=CNY',
  )
  const item = pricing.data.items.find((entry) => entry.duration === hours && entry.relocatable === relocatable)
  expect(item).toBeDefined()
  return `¥${item!.amount.toFixed(2)}`
}

const serverCards = (page: Page) => page.getByTestId('server-card')
const cardOf = (page: Page, name: string) => serverCards(page).filter({ has: page.getByRole('heading', { name }) })

/** The card's status as its dot tells it (title and colour). */
async function expectStatus(card: Locator, label: string, tone: string, options = POLLED) {
  const dot = card.getByTestId('status-dot')
  await expect(dot).toHaveAttribute('title', label, options)
  await expect(dot).toHaveAttribute('data-tone', tone)
}

/** Presses a hold-to-confirm button with the mouse until `done` shows (the hold is 2 s), then lets go. */
async function hold(page: Page, button: Locator, done: Locator) {
  await expect(button).toBeEnabled()
  await expect(button).not.toHaveAttribute('aria-disabled', 'true')
  await button.scrollIntoViewIfNeeded()
  const box = await button.boundingBox()
  expect(box).not.toBeNull()
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2)
  await page.mouse.down()
  await expect(done).toBeVisible({ timeout: 15_000 })
  await page.mouse.up()
}

/** Regions are cards whose radio is visually hidden: the user clicks the card. */
async function pickRegion(scope: Locator, code: string, label: string) {
  await scope.locator(`label[data-region="${code}"]`).click()
  await expect(scope.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeChecked()
}

/** The clipboard's text (the context has clipboard-read). */
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

/** "YYYY-MM-DD HH:MM" (GMT+8, as the card shows it) as unix seconds. */
function gmt8Seconds(label: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(label.trim())
  expect(match).not.toBeNull()
  const [, y, mo, d, h, mi] = match!.map(Number)
  return Date.UTC(y!, mo! - 1, d!, h! - 8, mi!) / 1000
}

const expiryOf = async (card: Locator) => gmt8Seconds(await card.getByTestId('server-expiry').innerText())

test.describe('renting a practice server', () => {
  // Login, two payments (each up to a 10 s poll), a boot and a region switch (each up to a 15 s list
  // refresh) and the first demo (10 s after the boot): minutes on a loaded machine, not seconds.
  test.describe.configure({ timeout: 240_000 })

  test('a newcomer buys a server, runs it (copy, password, admins, demo) and moves and renews it', async ({
    page,
    context,
    request,
  }) => {
    const errors = watchForErrors(page)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const steamId = freshSteamId()
    const mate = freshSteamId()
    const name = `练枪 E2E ${steamId.slice(-4)}`

    await page.goto('/pracc')
    await loginWithSteam(page, steamId)
    await page.goto('/pracc')
    await expect(page.getByRole('heading', { level: 2, name: '我的服务器' })).toBeVisible()
    await expect(page.getByText('还没有服务器')).toBeVisible()

    // The new-server dialog: name, password, duration; region mode, then region; a method; the price.
    await page.getByRole('button', { name: '新建服务器' }).click()
    const dialog = page.getByRole('dialog', { name: '新建服务器' })
    await expect(dialog.getByRole('tab', { name: /独立服务器/ })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByRole('tab', { name: /训练服务器/ })).toHaveAttribute('aria-disabled', 'true')
    await dialog.getByLabel('服务器名称').fill(name)
    await dialog.getByLabel('服务器密码').fill('abc123')
    const duration = dialog.getByLabel('时长')
    await expect(duration).toHaveValue('720')
    await duration.selectOption({ label: '7 天' })
    // No region before a region mode; the total waits for the mode and the method.
    await expect(dialog.getByText('请先选择地区模式。')).toBeVisible()
    await expect(dialog.getByRole('radio', { name: '上海' })).toBeDisabled()
    await expect(dialog.getByTestId('total-price')).toHaveText('-')
    await dialog.getByRole('radio', { name: /灵活地区/ }).check()
    await pickRegion(dialog, 'ap-shanghai', '上海')
    await dialog.getByRole('radio', { name: '支付宝' }).check()
    await expect(dialog.getByTestId('total-price')).toHaveText(await price(request, 168, true))

    // Pay at the Alipay stand-in's checkout, which the portal opens in a new tab.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/payment/orders') && r.request().method() === 'POST')
    const popup = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: '去支付' }).click()
    expect((await created).status()).toBe(201)
    const checkout = await popup
    await expect(dialog.getByRole('timer', { name: '剩余支付时间' })).toHaveText(/^[78]:\d{2}$/)
    await checkout.getByRole('button', { name: '确认付款' }).click()
    await page.bringToFront()
    await expect(dialog.getByText('服务器创建中')).toBeVisible(POLLED)
    // Confirm waits 180 s for the server to come up; closing the dialog reloads the list at once.
    await expect(dialog.getByRole('button', { name: /^确定（\d+ 秒）$/ })).toBeDisabled()
    await dialog.getByRole('button', { name: '关闭' }).click()
    await expect(dialog).toHaveCount(0)
    await checkout.close()

    // It comes up: RUNNING on its card, owned, in Shanghai.
    let card = cardOf(page, name)
    await expect(card).toBeVisible()
    await expectStatus(card, '状态：运行中', 'green')
    await expect(card).toContainText('所有者')
    await expect(card).toContainText('上海')

    // Copy the connect string: feedback on the button, the command on the clipboard.
    await card.getByRole('button', { name: '复制 IP' }).click()
    await expect(card.getByRole('button', { name: '已复制' })).toBeVisible()
    expect(await clipboard(page)).toMatch(/^connect 127\.\d+\.\d+\.\d+:\d+; password abc123$/)

    // Change the password: form, success view, confirm; the copied command has the new one.
    await card.getByRole('button', { name: '修改密码' }).click()
    const password = page.getByRole('dialog', { name: '修改密码' })
    await password.getByLabel('新密码').fill('newpass9')
    await password.getByLabel('确认密码').fill('newpass9')
    await password.getByRole('button', { name: '修改密码' }).click()
    await expect(password.getByText('密码已修改')).toBeVisible()
    await password.getByRole('button', { name: '确定' }).click()
    await expect(password).toHaveCount(0)
    await expect(async () => {
      await card.getByRole('button', { name: /^(复制 IP|已复制)$/ }).click()
      expect(await clipboard(page)).toMatch(/; password newpass9$/)
    }).toPass({ timeout: 10_000 })

    // Admins: the owner is the first (marked "me"); add a teammate, apply, and it is there next time.
    await card.getByRole('button', { name: '管理员' }).click()
    let admins = page.getByRole('dialog', { name: '管理员列表' })
    const rows = admins.getByRole('list', { name: '管理员' }).getByRole('listitem')
    await expect(rows).toHaveCount(1)
    await expect(rows.first().getByRole('textbox', { name: /Steam ID/ })).toHaveValue(steamId)
    await expect(rows.first()).toContainText('我')
    await admins.getByRole('button', { name: '添加管理员' }).click()
    await admins.getByRole('textbox', { name: '第 2 位管理员 Steam ID' }).fill(mate)
    await admins.getByRole('textbox', { name: '第 2 位管理员 备注' }).fill('队友')
    const saved = page.waitForResponse((r) => r.url().endsWith('/admins') && r.request().method() === 'PUT')
    await admins.getByRole('button', { name: '应用' }).click()
    expect((await saved).status()).toBe(200)
    await expect(admins).toHaveCount(0)
    await card.getByRole('button', { name: '管理员' }).click()
    admins = page.getByRole('dialog', { name: '管理员列表' })
    await expect(admins.getByRole('textbox', { name: '第 2 位管理员 Steam ID' })).toHaveValue(mate)
    await expect(admins.getByRole('textbox', { name: '第 2 位管理员 备注' })).toHaveValue('队友')
    await admins.getByRole('button', { name: '关闭' }).click()
    await expect(admins).toHaveCount(0)

    // DEMO: the first recording comes 10 s after the boot; refresh (at most every 3 s) until it is there.
    await card.getByRole('button', { name: 'DEMO' }).click()
    const demos = page.getByRole('dialog', { name: 'DEMO' })
    const recordings = demos.getByRole('radio')
    await expect(async () => {
      await demos.getByRole('button', { name: '刷新' }).click()
      await expect(recordings.first()).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] })
    await recordings.first().check()
    await demos.getByRole('button', { name: '准备下载' }).click()
    const link = page.getByRole('dialog', { name: '下载链接' })
    const download = link.getByRole('link', { name: '下载' })
    const href = await download.getAttribute('href')
    expect(href).toBeTruthy()
    const file = await request.get(href!)
    expect(file.status()).toBe(200)
    expect((await file.body()).length).toBeGreaterThan(0)
    await link.getByRole('button', { name: '复制链接' }).click()
    await expect(link.getByRole('button', { name: '已复制' })).toBeVisible()
    expect(await clipboard(page)).toBe(href)
    await link.getByRole('button', { name: '关闭' }).click()
    await expect(link).toHaveCount(0)
    await demos.getByRole('button', { name: '关闭' }).click()
    await expect(demos).toHaveCount(0)

    // Switch region: Tokyo, held 2 s; the card moves there (a new server takes the old one's place).
    const expiryBefore = await expiryOf(card)
    await card.getByRole('button', { name: '切换地区' }).click()
    const switcher = page.getByRole('dialog', { name: '切换地区' })
    await expect(switcher.getByText('当前地区：上海')).toBeVisible()
    await pickRegion(switcher, 'ap-tokyo', '东京')
    await hold(page, switcher.getByRole('button', { name: '切换到东京' }), switcher.getByText('已开始切换地区'))
    await switcher.getByRole('button', { name: '确定' }).click()
    await expect(switcher).toHaveCount(0)
    await expect(card).toContainText('东京', POLLED)
    await expectStatus(card, '状态：运行中', 'green')
    await expect(serverCards(page)).toHaveCount(1)
    expect(await expiryOf(card)).toBe(expiryBefore)

    // Renew a month with WeChat: the payment view, paid at the stand-in, the expiry moves on by 30 days.
    await card.getByRole('button', { name: '续费' }).click()
    const renew = page.getByRole('dialog', { name: '续费' })
    await expect(renew.getByLabel('时长')).toHaveValue('720')
    await renew.getByRole('radio', { name: '微信支付' }).check()
    await expect(renew.getByTestId('total-price')).toHaveText(await price(request, 720, true))
    const renewal = page.waitForResponse((r) => r.url().endsWith('/api/payment/orders') && r.request().method() === 'POST')
    const paying = page.waitForResponse((r) => r.url().endsWith('/api/payment/pay'))
    await renew.getByRole('button', { name: '去支付' }).click()
    const orderId = ((await (await renewal).json()) as { id: string }).id
    expect((await paying).status()).toBe(200)
    await expect(renew.getByRole('img', { name: '微信支付二维码' })).toBeVisible()
    expect((await request.post(`/api/dev/payments/${orderId}/pay`)).ok()).toBe(true)
    await expect(renew.getByText('续费成功')).toBeVisible(POLLED)
    await renew.getByRole('button', { name: '确定' }).click()
    await expect(renew).toHaveCount(0)
    await expect.poll(() => expiryOf(card), POLLED).toBe(expiryBefore + 720 * 3600)

    // Screenshots of the page with the running server and of the new-server dialog, at three widths.
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await expectStatus(card, '状态：运行中', 'green')
      await expect(page.getByTestId('pracc-top-area')).toBeVisible()
      // No tooltip of the button a closed dialog gave the focus back to.
      await page.mouse.move(0, 0)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      await shot(page, `pracc-running-${width}`)
      await page.getByRole('button', { name: '新建服务器' }).click()
      const fresh = page.getByRole('dialog', { name: '新建服务器' })
      await fresh.getByLabel('服务器名称').fill('周末 训练')
      await fresh.getByRole('radio', { name: /固定地区/ }).check()
      await pickRegion(fresh, 'ap-guangzhou', '广州')
      await fresh.getByRole('radio', { name: '微信支付' }).check()
      await expect(fresh.getByTestId('total-price')).toHaveText(await price(request, 720, false))
      await settled(fresh)
      await shot(page, `pracc-new-server-${width}`, false)
      if (width === 390) {
        // The dialog scrolls inside on a phone: its top too.
        await fresh.evaluate((element) => element.scrollTo(0, 0))
        await expect.poll(() => fresh.evaluate((element) => element.scrollTop)).toBe(0)
        await shot(page, `pracc-new-server-${width}-top`, false)
      }
      await fresh.getByRole('button', { name: '关闭' }).click()
      await expect(fresh).toHaveCount(0)
    }
    await page.setViewportSize(DESKTOP.viewport)

    // One English check: the card in the other language.
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'))
    await page.reload()
    card = cardOf(page, name)
    await expectStatus(card, 'Status: Running', 'green')
    await expect(card.getByRole('button', { name: 'Copy IP' })).toBeVisible()
    expect(errors).toEqual([])
  })
})
