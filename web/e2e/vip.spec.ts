// The VIP page against the REAL backend in demo mode: the privilege comparison (seeded privileges in
// both languages) at 1280 px with tooltips and at 390 px with the details dialog, and the three ways
// to subscribe while logged out. Buying VIP inside the portal is payments.spec.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  DESKTOP,
  MOBILE,
  expectNoSidewaysScroll,
  getJson,
  settledBox,
  shot,
  watchForErrors,
} from './support/portal.ts'

interface PrivilegeJson {
  id: number
  content: string
  detail: string
  order: number
  normal: number
  vip: number
  pro: number
  kol: number
  op: number
}

const GROUPS = ['normal', 'vip', 'pro', 'kol', 'op'] as const
const ACCESS_WORDS: Record<number, string> = { 1: '允许', 2: '可选' }
const word = (value: number) => ACCESS_WORDS[value] ?? '禁止'

async function privileges(request: APIRequestContext, language: 'zh' | 'en'): Promise<PrivilegeJson[]> {
  const list = await getJson<PrivilegeJson[]>(request, `/api/privileges?language=${language}`)
  expect(list.length).toBeGreaterThan(5)
  return list
}

const table = (page: Page) => page.getByRole('table', { name: '各用户组的特权对比' })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const selfPay = (page: Page) => page.getByRole('button', { name: '立即订阅' })

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('logged out: please login, the three options, the store in a new tab, the table with tooltips', async ({
    page,
    context,
    request,
  }) => {
    const errors = watchForErrors(page)
    const expected = await privileges(request, 'zh')
    await page.goto('/vip')
    await expect(page.getByRole('heading', { level: 1, name: 'VIP 订阅' })).toBeVisible()
    const notice = page.getByRole('region', { name: '请先登录' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('button', { name: '立即登录' })).toBeVisible()

    await expect(page.getByRole('listitem', { name: '为自己订阅' })).toContainText('推荐')
    await expect(selfPay(page)).toBeDisabled()
    await expect(page.getByText('请先登录后再为自己订阅')).toBeVisible()
    await expect(page.getByRole('button', { name: '查看安装步骤' })).toBeEnabled()

    await test.step('rows by order, columns by group order, symbols with their words', async () => {
      await expect(bodyRows(page)).toHaveCount(expected.length)
      await expect(table(page).getByRole('columnheader')).toHaveText(['特权', '普通', 'VIP', 'PRO', 'KOL', '管理员'])
      const sorted = [...expected].sort((a, b) => a.order - b.order || a.id - b.id)
      await expect(table(page).getByRole('rowheader')).toHaveText(sorted.map((p) => p.content))
      for (const [index, privilege] of sorted.entries()) {
        await expect(bodyRows(page).nth(index).getByRole('cell')).toHaveText(GROUPS.map((g) => word(privilege[g])))
      }
      // The seeds use all three symbols.
      await expect(table(page).locator('[data-access="optional"]').first()).toBeVisible()
      await expect(table(page).locator('[data-access="forbidden"]').first()).toBeVisible()
      await expect(page.getByText('部分拥有或开发中')).toBeVisible()
    })

    await test.step('tooltips on the privilege and the group headings', async () => {
      const explained = [...expected].sort((a, b) => a.order - b.order || a.id - b.id).find((p) => p.detail)!
      await table(page).getByRole('rowheader', { name: explained.content, exact: true }).locator('[tabindex="0"]').hover()
      await expect(page.getByRole('tooltip')).toContainText(explained.detail)
      // Away first: on the way from one heading to another the pointer may still be heading for the
      // open tooltip, which keeps it open.
      await page.mouse.move(0, 0, { steps: 5 })
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      await table(page).getByRole('columnheader', { name: 'KOL' }).locator('[tabindex="0"]').hover()
      await expect(page.getByRole('tooltip')).toContainText('主播与社区知名玩家')
      await shot(page, 'vip-desktop-tooltip', false)
      await page.mouse.move(0, 0)
    })
    await shot(page, 'vip-desktop-logged-out')

    await test.step('the VIP card store opens in a new tab without a way back to the portal', async () => {
      const link = page.getByRole('link', { name: /前往商店/ })
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      const [store] = await Promise.all([context.waitForEvent('page'), link.click()])
      await store.waitForLoadState()
      expect(new URL(store.url()).pathname).toBe('/dev/vip-store')
      await expect(store.getByText(/Sandbox store/)).toBeVisible()
      expect(await store.evaluate(() => window.opener)).toBeNull()
      await store.close()
    })

    await test.step('the manual install steps', async () => {
      await page.getByRole('button', { name: '查看安装步骤' }).click()
      const dialog = page.getByRole('dialog', { name: '安装为应用' })
      await expect(dialog).toContainText('添加到主屏幕')
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
    })

    await test.step('the login button opens the login dialog', async () => {
      await notice.getByRole('button', { name: '立即登录' }).click()
      await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible()
      await page.keyboard.press('Escape')
    })

    // The app can be installed: the manifest is served.
    const manifest = await request.get('/manifest.webmanifest')
    expect(manifest.ok()).toBe(true)
    expect(((await manifest.json()) as { display: string }).display).toBe('standalone')
    expect(errors).toEqual([])
  })

  test('in English the table asks for English privileges', async ({ page, request }) => {
    const expected = await privileges(request, 'en')
    await page.goto('/vip')
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'))
    const asked = page.waitForRequest((r) => r.url().includes('/api/privileges?language=en'))
    await page.reload()
    await asked
    const english = page.getByRole('table', { name: 'Privileges of each user group' })
    await expect(english.getByRole('rowheader')).toHaveCount(expected.length)
    await expect(english.getByRole('rowheader').first()).toHaveText(
      [...expected].sort((a, b) => a.order - b.order || a.id - b.id)[0].content,
    )
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('the table has a details column whose dialog lists every group', async ({ page, request }) => {
    const errors = watchForErrors(page)
    const sorted = (await privileges(request, 'zh')).sort((a, b) => a.order - b.order || a.id - b.id)
    await page.goto('/vip')
    await expect(bodyRows(page)).toHaveCount(sorted.length)
    await expect(table(page).getByRole('columnheader').last()).toHaveText('详情')
    await expectNoSidewaysScroll(page)
    await shot(page, 'vip-mobile')

    const privilege = sorted.find((p) => GROUPS.some((g) => p[g] === 2)) ?? sorted[0]
    await table(page).getByRole('button', { name: `查看「${privilege.content}」的详情` }).tap()
    const dialog = page.getByRole('dialog', { name: privilege.content })
    await expect(dialog).toBeVisible()
    const items = dialog.getByRole('list', { name: '各用户组的权限' }).getByRole('listitem')
    await expect(items).toHaveCount(5)
    const names = ['普通', 'VIP', 'PRO', 'KOL', '管理员']
    for (const [index, group] of GROUPS.entries()) {
      await expect(items.nth(index)).toContainText(names[index])
      await expect(items.nth(index)).toContainText(word(privilege[group]))
    }
    const box = await settledBox(dialog)
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await shot(page, 'vip-mobile-details', false)
    await dialog.getByRole('button', { name: '关闭' }).tap()
    await expect(dialog).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('in English the whole table fits the phone: every details button and privilege name can be read', async ({ page, request }) => {
    const errors = watchForErrors(page)
    const expected = await privileges(request, 'en')
    await page.goto('/vip')
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'))
    await page.reload()
    const english = page.getByRole('table', { name: 'Privileges of each user group' })
    await expect(english.locator('tbody tr')).toHaveCount(expected.length)
    await english.scrollIntoViewIfNeeded()
    // The table's frame does not scroll sideways: nothing is hidden past its right edge.
    const frame = english.locator('xpath=..')
    const overflow = await frame.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(overflow).toBeLessThanOrEqual(1)
    const tableBox = await settledBox(english)
    expect(tableBox.x).toBeGreaterThanOrEqual(0)
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(390 + 0.5)
    for (const privilege of expected) {
      const button = english.getByRole('button', { name: `Details of “${privilege.content}”` })
      const box = await settledBox(button)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390 + 0.5)
      expect(box.width).toBeGreaterThanOrEqual(24)
    }
    // Privilege names wrap inside their column instead of being cut.
    for (const name of await english.getByRole('rowheader').all()) {
      expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
    }
    await expectNoSidewaysScroll(page)
    await shot(page, 'vip-mobile-en')
    expect(errors).toEqual([])
  })
})
