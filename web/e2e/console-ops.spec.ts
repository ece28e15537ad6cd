// The operator console's money and rental screens end to end against the REAL backend in demo mode
// (issue 16): an operator refunds an order, puts a rented server into maintenance (the owner's card on
// /pracc shows the overlay), and finds both changes in the audit log. The owner's purchases go
// through the same calls the web makes (orders, pay, the sandbox's pay button), so the browser time
// goes to the console; pracc.spec.ts and payments.spec.ts drive those dialogs themselves.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DESKTOP, freshSteamId, loginWithSteam, shot, watchForErrors } from './support/portal.ts'

test.use(DESKTOP)

/** Payment notifications (0.3 s in tests), fulfilment and the cloud stand-in's boot, with room. */
const SETTLES = { timeout: 40_000 }

/**
 * Makes `steamId` an operator the way the README's operators do it: `portal users grant <id> op` on
 * the running demo's database (playwright.config keeps its folder in E2E_DATA_DIR).
 */
function grantOperator(steamId: string) {
  const backend = resolve(process.env.E2E_BACKEND ?? '../backend/build/portal')
  const dataDir = process.env.E2E_DATA_DIR
  expect(dataDir).toBeTruthy()
  execFileSync(backend, ['users', '--data-dir', dataDir!, '--config', '../backend/config/portal.toml', 'grant', steamId, 'op'])
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('portal.loginToken'))
  expect(token).toBeTruthy()
  return token!
}

/** Orders and pays like the web's payment view, then presses the sandbox's Pay; answers the order id. */
async function buyAndPay(
  request: APIRequestContext,
  token: string,
  order: { productType: string; productId: string; method: string; options: Record<string, unknown> },
): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` }
  const created = await request.post('/api/payment/orders', {
    headers,
    data: {
      currency: order.method === 'paypal' ? 'USD' : 'CNY',
      productType: order.productType,
      productId: order.productId,
      options: JSON.stringify({ ...order.options, paymentMethod: order.method }),
    },
  })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { id: string }).id
  expect((await request.post('/api/payment/pay', { headers, data: { orderId: id, method: order.method } })).ok()).toBe(true)
  const paid = await request.post(`/api/dev/payments/${id}/pay`)
  expect(paid.ok(), await paid.text()).toBe(true)
  await expect
    .poll(async () => ((await (await request.get(`/api/payment/orders/${id}`, { headers })).json()) as { status: string }).status, SETTLES)
    .toBe('paid')
  return id
}

interface OwnedServer {
  instance_id: string
  instance_name: string
}

async function serverNamed(request: APIRequestContext, token: string, name: string): Promise<OwnedServer | undefined> {
  const answer = await request.get('/api/scrim/getUserServers', { headers: { Authorization: `Bearer ${token}` } })
  if (!answer.ok()) return undefined
  return ((await answer.json()) as OwnedServer[]).find((server) => server.instance_name === name)
}

test.describe('the operator console', () => {
  // Two paid orders, a server's launch in the cloud stand-in and two logins: a minute or two on a
  // loaded machine.
  test.describe.configure({ timeout: 180_000 })

  test('an operator refunds an order, puts a rented server into maintenance and finds both in the audit log', async ({
    page,
    browser,
    request,
  }) => {
    const ownerErrors = watchForErrors(page)
    const owner = freshSteamId()
    const serverName = `维护测试 ${Math.floor(Math.random() * 9000) + 1000}`
    await page.goto('/')
    await loginWithSteam(page, owner)
    const ownerToken = await tokenOf(page)

    // The owner rents a server (kept) and buys VIP (refunded below).
    await buyAndPay(request, ownerToken, {
      productType: 'server_rental',
      productId: 'new_server',
      // WeChat's stand-in knows an order from the pay call (Alipay's only once its page is opened).
      method: 'wechat',
      options: {
        serverName,
        password: 'scrim2026',
        region: 'ap-shanghai',
        duration: 168,
        isRelocatable: false,
        nickname: 'owner',
      },
    })
    const vipOrder = await buyAndPay(request, ownerToken, {
      productType: 'vip',
      productId: 'vip',
      method: 'wechat',
      options: { duration: 720 },
    })
    await expect.poll(() => serverNamed(request, ownerToken, serverName), SETTLES).toBeDefined()
    const serverId = (await serverNamed(request, ownerToken, serverName))!.instance_id

    // The operator signs in in a browser of their own.
    const operator = freshSteamId()
    grantOperator(operator)
    const opContext = await browser.newContext({ ...DESKTOP, locale: 'zh-CN' })
    const op = await opContext.newPage()
    const opErrors = watchForErrors(op)
    await op.goto('/')
    await loginWithSteam(op, operator)

    // Refund: the order found by its id, its history, the reason, and the state afterwards.
    await op.goto(`/console/orders?q=${vipOrder}`)
    await op.getByRole('button', { name: `查看订单 ${vipOrder}` }).click()
    const details = op.getByRole('dialog', { name: '订单详情' })
    await expect(details.getByRole('heading', { name: '事件记录' })).toBeVisible()
    await expect(details.getByText('支付通知').first()).toBeVisible()
    await details.getByRole('button', { name: '退款' }).click()
    const refund = op.getByRole('dialog', { name: `为订单 ${vipOrder} 退款` })
    await refund.getByRole('textbox', { name: '原因' }).fill('e2e: bought by mistake')
    await refund.getByRole('button', { name: '退款' }).click()
    await expect(refund).toHaveCount(0, SETTLES)
    await expect(details).toContainText('已退款', SETTLES)
    await shot(op, 'console-order-refunded', false)

    // Maintenance: the server found by its id, a note for the owner and the reason.
    const note = '机房维护，预计 30 分钟后恢复'
    await op.goto(`/console/rentals?q=${serverId}`)
    const table = op.getByRole('table', { name: /练习服/ })
    await expect(table).toContainText(serverName, SETTLES)
    // A row's several actions are one menu (the table fits at 1280 px without scrolling sideways).
    await table.getByRole('button', { name: `${serverName} 的更多操作` }).click()
    await op.getByRole('menuitem', { name: '设为维护' }).click()
    const maintenance = op.getByRole('dialog', { name: `将 ${serverName} 设为维护` })
    await maintenance.getByLabel('维护说明（显示在用户的服务器卡片上）').fill(note)
    await maintenance.getByRole('textbox', { name: '原因' }).fill('e2e: host migration')
    await maintenance.getByRole('button', { name: '确认' }).click()
    await expect(maintenance).toHaveCount(0, SETTLES)
    await expect(op.getByTestId(`rental-status-${serverId}`)).toContainText('维护中')
    await shot(op, 'console-rental-maintenance')

    // The owner's card is covered by the overlay with the operator's note.
    await page.goto('/pracc')
    const card = page.getByTestId('server-card').filter({ has: page.getByRole('heading', { name: serverName }) })
    await expect(card.getByTestId('maintenance-overlay')).toContainText(note, SETTLES)
    await shot(page, 'pracc-card-maintenance', false)

    // Both changes are in the audit log, under the operator's name.
    for (const [action, target] of [
      ['order.refunded', vipOrder],
      ['rental.maintenance_on', serverId],
    ] as const) {
      await op.goto(`/console/audit?action=${action}`)
      const audit = op.getByRole('table', { name: /审计日志/ })
      const row = audit.getByRole('row').filter({ hasText: target })
      await expect(row).toHaveCount(1, SETTLES)
      await expect(row).toContainText(`op:${operator}`)
    }
    await shot(op, 'console-audit')

    expect(ownerErrors).toEqual([])
    expect(opErrors).toEqual([])
    await opContext.close()
  })
})
