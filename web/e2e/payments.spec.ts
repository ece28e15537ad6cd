// Buying VIP inside the portal against the REAL backend in demo mode (issue 14): the demo config has
// no external vip_pay_url and offers alipay, wechat and paypal through the payment stand-ins
// (sim/payments), which notify the portal like the providers do. playwright.config.ts turns their
// "sometimes 20 s late" off, so a payment reaches the portal within a poll or two.
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, freshSteamId, loginWithSteam, watchForErrors } from './support/portal.ts'

test.use(DESKTOP)
// A login, an order and up to two 10 s polls each: room for a loaded 2-core machine.
test.describe.configure({ timeout: 60_000 })

const selfPay = (page: Page) => page.getByRole('button', { name: '立即订阅' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'VIP 订阅' })

async function loggedInOnVip(page: Page): Promise<string> {
  const steamId = freshSteamId()
  await page.goto('/vip')
  await loginWithSteam(page, steamId)
  await page.goto('/vip')
  await expect(page.getByTestId('tier-badge')).toHaveCount(0)
  return steamId
}

/** Chooses a method (30 days is preselected) and pays; resolves with the new order's id. */
async function order(page: Page, method: string): Promise<string> {
  await selfPay(page).click()
  const box = dialog(page)
  await expect(box.getByRole('radio', { name: /30 天/ })).toBeChecked()
  await box.getByRole('radio', { name: method }).check()
  await expect(box.getByTestId('total-price')).toHaveText(/^¥\d+\.\d{2}$/)
  const created = page.waitForResponse((r) => r.url().endsWith('/api/payment/orders') && r.request().method() === 'POST')
  const started = page.waitForResponse((r) => r.url().endsWith('/api/payment/pay'))
  await box.getByRole('button', { name: '去支付' }).click()
  const answer = await created
  expect(answer.status()).toBe(201)
  // The payment exists at the provider once pay has answered.
  expect((await started).status()).toBe(200)
  return ((await answer.json()) as { id: string }).id
}

test('WeChat: the QR code in the dialog; paid through the sandbox, the success step and the VIP badge', async ({ page, request }) => {
  const errors = watchForErrors(page)
  await loggedInOnVip(page)
  const orderId = await order(page, '微信支付')
  const box = dialog(page)
  await expect(box.getByRole('img', { name: '微信支付二维码' })).toBeVisible()
  await expect(box.getByRole('timer', { name: '剩余支付时间' })).toHaveText(/^[78]:\d{2}$/)

  // What the sandbox checkout's Pay button does, without a browser.
  expect((await request.post(`/api/dev/payments/${orderId}/pay`)).ok()).toBe(true)
  // The next poll (every 10 s) sees it.
  await expect(box.getByText('支付成功，VIP 已到账')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tier-badge')).toContainText('VIP 至')
  await box.getByRole('button', { name: '完成' }).click()
  await expect(box).toHaveCount(0)

  await page.goto('/orders')
  const first = page.getByRole('list', { name: '订单列表' }).getByRole('listitem').first()
  await expect(first).toContainText('已支付')
  await expect(first).toContainText('微信支付')
  await expect(first).toContainText(orderId)
  expect(errors).toEqual([])
})

test('a link method: the sandbox checkout opens in a new tab, its Pay button pays', async ({ page }) => {
  await loggedInOnVip(page)
  const popup = page.waitForEvent('popup')
  await order(page, '支付宝')
  const checkout = await popup
  await expect(dialog(page).getByRole('link', { name: '打开支付页面（在新标签页打开）' })).toBeVisible()
  await checkout.getByRole('button', { name: '确认付款' }).click()
  await page.bringToFront()
  await expect(dialog(page).getByText('支付成功，VIP 已到账')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tier-badge')).toContainText('VIP 至')
})

test('an abandoned payment times out after the window and the retry starts over', async ({ page, request }) => {
  await page.clock.install()
  await loggedInOnVip(page)
  const orderId = await order(page, '微信支付')
  expect((await request.post(`/api/dev/payments/${orderId}/abandon`)).ok()).toBe(true)
  const box = dialog(page)
  // The countdown must be running before the clock is brought forward (on a busy machine the
  // payment view can render after the pay answer arrived).
  await expect(box.getByRole('timer', { name: '剩余支付时间' })).toHaveText(/^[78]:\d{2}$/)
  await page.clock.runFor(481_000)
  await expect(box.getByRole('alert')).toContainText('支付超时')
  await box.getByRole('button', { name: '重新支付' }).click()
  await expect(box.getByRole('button', { name: '去支付' })).toBeEnabled()
})
