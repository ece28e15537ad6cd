// The operator console's shell, People, FAQ editor and audit log end to end against the REAL backend
// in demo mode (issue 16): an operator reaches the console from the account menu, grants a player VIP
// days, edits a FAQ answer that carries a <script> (the preview names it removed; the saved answer is
// without it), and finds both changes in the audit log; a visitor and a player are refused.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import {
  DESKTOP,
  MOBILE,
  expectNoSidewaysScroll,
  freshSteamId,
  getJson,
  loginWithSteam,
  shot,
  watchForErrors,
} from './support/portal.ts'

test.use(DESKTOP)

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

function consoleNav(page: Page) {
  return page.getByRole('navigation', { name: '控制台导航' })
}

interface FaqJson {
  id: number
  question: string
  answer: string
}

const SCRIPT = '<script>window.consoleXss = 1</script>'

test.describe('the operator console: people, FAQ and audit', () => {
  // Two logins and a handful of screens: well under a minute, with room for a loaded machine.
  test.describe.configure({ timeout: 120_000 })

  test('an operator grants VIP days, saves a FAQ answer without its script, and finds both in the audit log', async ({
    page,
    browser,
    request,
  }) => {
    // The player exists once they have logged in.
    const player = freshSteamId()
    const playerContext = await browser.newContext({ ...DESKTOP, locale: 'zh-CN' })
    const playerPage = await playerContext.newPage()
    await playerPage.goto('/')
    await loginWithSteam(playerPage, player)
    await playerContext.close()

    const operator = freshSteamId()
    grantOperator(operator)
    const errors = watchForErrors(page)
    await page.goto('/')
    await loginWithSteam(page, operator)

    // The account menu leads an operator to the console.
    await page.getByRole('banner').getByRole('button', { name: /账号菜单/ }).click()
    await page.getByRole('menuitem', { name: '运营控制台' }).click()
    await expect(page).toHaveURL('/console')
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible()
    await expect(page.getByText('在线玩家', { exact: true })).toBeVisible()
    await expect(page.getByRole('img', { name: /过去 24 小时在线玩家/ })).toBeVisible()
    await shot(page, 'console-dashboard')

    // People: the player found by SteamID64, 30 VIP days with a reason.
    await consoleNav(page).getByRole('link', { name: '用户' }).click()
    const search = page.getByRole('searchbox', { name: 'SteamID64、用户名或邮箱' })
    await search.fill(player)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${player}`))
    const people = page.getByRole('table', { name: /用户/ })
    await expect(people.getByRole('row')).toHaveCount(2)
    await expect(people).toContainText(player)
    await people.getByRole('link').first().click()
    await expect(page.getByTestId('vip-until')).toHaveText('不是 VIP')
    await page.getByRole('button', { name: '调整 VIP 天数' }).click()
    const grant = page.getByRole('dialog', { name: /的 VIP 天数/ })
    await expect(grant.getByRole('textbox', { name: '天数' })).toBeFocused()
    await grant.getByRole('textbox', { name: '天数' }).fill('30')
    await grant.getByRole('textbox', { name: '原因' }).fill('e2e: tournament prize')
    await shot(page, 'console-vip-dialog', false)
    await grant.getByRole('button', { name: '确认' }).click()
    await expect(grant).toHaveCount(0)
    await expect(page.getByTestId('vip-until')).toContainText('VIP 到期')
    const status = await getJson<{ type: string }>(request, `/api/auth/vip-status/${player}`)
    expect(status.type).toBe('vip')

    // FAQ: a script added to the first Chinese answer is reported removed before saving, and is gone after.
    await consoleNav(page).getByRole('link', { name: '常见问题' }).click()
    const firstEdit = page.getByRole('button', { name: /^编辑: / }).first()
    const question = (await firstEdit.getAttribute('aria-label'))!.replace(/^编辑: /, '')
    await firstEdit.click()
    const answer = page.getByRole('textbox', { name: '回答（HTML）' })
    const original = await answer.inputValue()
    await answer.fill(`${original}${SCRIPT}`)
    await page.getByRole('button', { name: '预览' }).click()
    const preview = page.getByTestId('faq-preview')
    await expect(preview.getByTestId('faq-removed')).toContainText('元素 <script>')
    await shot(page, 'console-faq-preview')
    await page.getByRole('button', { name: '保存', exact: true }).click()
    await expect(preview).toHaveCount(0)
    await page.getByRole('button', { name: `编辑: ${question}` }).click()
    await expect(answer).not.toHaveValue(/<script/)
    await expect(answer).toHaveValue(/\S/)
    const saved = (await getJson<FaqJson[]>(request, '/api/faqs?language=zh')).find((entry) => entry.question === question)
    expect(saved?.answer).not.toContain('<script')
    expect(await page.evaluate(() => (window as unknown as { consoleXss?: number }).consoleXss)).toBeUndefined()

    // Audit log: both changes under the operator's name.
    await consoleNav(page).getByRole('link', { name: '审计日志' }).click()
    await page.getByRole('textbox', { name: '操作人' }).fill(`op:${operator}`)
    await page.getByRole('button', { name: '搜索' }).click()
    const audit = page.getByRole('table', { name: /审计日志/ })
    await expect(audit).toContainText('vip.grant')
    await expect(audit).toContainText(`steam:${player}`)
    await expect(audit).toContainText('faq.update')
    await expect(audit).toContainText('e2e: tournament prize')
    await shot(page, 'console-audit')

    // The console at the smaller widths: 1024 px with the shell's menu, and not broken at 390 px.
    await page.setViewportSize({ width: 1024, height: 800 })
    await expect(audit).toBeVisible()
    await shot(page, 'console-audit-1024')
    await page.setViewportSize(MOBILE.viewport)
    await expect(consoleNav(page).getByRole('link', { name: '审计日志' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await shot(page, 'console-audit-390')

    expect(errors).toEqual([])
  })

  test('a visitor is asked to log in, a player is refused, and so is the API', async ({ page, request }) => {
    const errors = watchForErrors(page)
    await page.goto('/console/people?q=bob')
    await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible()
    expect((await request.get('/api/console/dashboard')).status()).toBe(401)

    // The login started on the console page comes back to it (not to /).
    const refusal = page.getByTestId('console-refusal')
    await loginWithSteam(page, freshSteamId(), refusal.getByRole('button', { name: '登录' }), '/console/people?q=bob')
    await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible()
    await expect(consoleNav(page)).toHaveCount(0)
    await shot(page, 'console-refused')
    const token = await tokenOf(page)
    const refused = await request.get('/api/console/users', { headers: { Authorization: `Bearer ${token}` } })
    expect(refused.status()).toBe(403)

    // The account menu offers a player no way in.
    await page.getByRole('banner').getByRole('button', { name: /账号菜单/ }).click()
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: '运营控制台' })).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
