// The live server browser against the REAL backend in demo mode (its simulated servers): filters,
// sorting, the player popup, quick join and copying, at 1280 px and 390 px, with screenshots.
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, shot, watchForErrors } from './support/portal.ts'

const nameButtons = (page: Page) => page.getByRole('button', { name: /^查看 .* 的在线玩家$/ })

async function openServers(page: Page, path = '/servers') {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: '服务器列表' })).toBeVisible()
  await expect(nameButtons(page).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('lists, filters and sorts the servers, mirroring the filters in the URL', async ({ page }) => {
    const errors = watchForErrors(page)
    await openServers(page)
    // The pinned VIP server (highest ontop) comes first.
    await expect(nameButtons(page).first()).toHaveAccessibleName(/会员专属服/)
    await expect(page.getByRole('region', { name: '公告' })).toBeVisible()
    await shot(page, 'servers-desktop')

    await page.getByRole('button', { name: '回防', exact: true }).click()
    await expect(page).toHaveURL(/modes=retakes/)
    // The demo's retakes servers are full (Beijing) or offline (Frankfurt): hidden by default.
    await page.getByRole('switch', { name: '隐藏满员' }).click()
    await page.getByRole('switch', { name: '隐藏离线' }).click()
    await expect(page).toHaveURL(/hide_full=false/)
    await expect(page).toHaveURL(/hide_offline=false/)
    await expect(nameButtons(page)).toHaveCount(2)
    for (const name of await nameButtons(page).all()) await expect(name).toHaveAccessibleName(/Retakes|回防/)

    // The Frankfurt retakes server is offline: its join button is disabled with a tooltip.
    const offlineJoin = page.getByRole('button', { name: /^加入 \[EU\] Retakes/ })
    await expect(offlineJoin).toHaveAttribute('aria-disabled', 'true')
    await offlineJoin.hover()
    await expect(page.getByRole('tooltip')).toContainText('服务器离线')
    await shot(page, 'servers-desktop-filtered')

    // The filters survive a reload.
    await page.reload()
    await expect(page.getByRole('button', { name: '回防', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('switch', { name: '隐藏离线' })).not.toBeChecked()

    await page.getByRole('button', { name: '重置筛选' }).click()
    await expect(page).toHaveURL('/servers')

    const nameHeader = page.getByRole('columnheader', { name: /服务器名称/ })
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')

    await page.getByRole('searchbox', { name: '搜索服务器' }).fill('上海')
    await expect(page).toHaveURL(/s=%E4%B8%8A%E6%B5%B7/)
    for (const name of await nameButtons(page).all()) await expect(name).toHaveAccessibleName(/上海/)
    expect(errors).toEqual([])
  })

  test('opens the player popup and copies a connect command', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openServers(page)
    const first = nameButtons(page).first()
    await first.click()
    const popup = page.getByRole('dialog', { name: '在线玩家' })
    await expect(popup).toBeVisible()
    await expect(popup.getByText('正在加载玩家…')).toHaveCount(0, { timeout: 10_000 })
    await shot(page, 'servers-desktop-player-popup', false)
    await page.keyboard.press('Escape')
    await expect(popup).toHaveCount(0)
    await expect(first).toBeFocused()

    const row = page.getByRole('row').nth(1) // the first body row (row 0 is the header)
    await row.getByRole('button', { name: '复制连接命令' }).click()
    await expect(row.getByRole('button', { name: '已复制' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^connect [\d.]+:\d+$/)
  })

  test('quick join offers a server', async ({ page }) => {
    await openServers(page)
    await page.getByRole('button', { name: '快速加入' }).click()
    const dialog = page.getByRole('dialog', { name: '快速加入' })
    await dialog.getByRole('button', { name: /死亡竞赛/ }).click()
    // The 500 ms search state is the Vitest test's (a faked clock): on a loaded machine it can be
    // over before an assertion here looks, so only the outcome is checked.
    const found = dialog.getByRole('region', { name: '为你找到了一台服务器' })
    await expect(found.or(dialog.getByRole('alert'))).toBeVisible()
    if (await found.isVisible()) await expect(found.getByRole('link', { name: '加入游戏' })).toHaveAttribute('href', /^steam:\/\/connect\//)
    await shot(page, 'servers-desktop-quick-join')
    await dialog.getByRole('button', { name: '返回选择' }).click()
    await expect(dialog.getByRole('button', { name: /回防/ })).toBeVisible()
  })

  test('shows the details page with the 24 h chart and the rules', async ({ page }) => {
    await openServers(page)
    await nameButtons(page).first().click()
    await page.getByRole('link', { name: '服务器详情' }).click()
    await expect(page).toHaveURL(/\/servers\/details\//)
    await expect(page.getByRole('link', { name: '连接' })).toHaveAttribute('href', /^steam:\/\/connect\//)
    await expect(page.getByRole('region', { name: '24 小时在线人数' })).toBeVisible()
    await shot(page, 'servers-desktop-details')
    await page.getByRole('link', { name: '查看服务器规则' }).click()
    await expect(page.getByRole('list', { name: '服务器规则列表' }).getByRole('listitem')).toHaveCount(8)
    await shot(page, 'servers-desktop-rules')
  })
})

test.describe('mobile, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('filters with the mode dropdown and opens the player popup', async ({ page }) => {
    const errors = watchForErrors(page)
    await openServers(page)
    await expect(page.getByRole('button', { name: '快速加入' })).toHaveCount(0)
    await expect(page.getByRole('columnheader', { name: '地图' })).toBeHidden()
    await shot(page, 'servers-mobile')

    await page.getByRole('button', { name: '游戏模式' }).click()
    await page.getByRole('menuitemcheckbox', { name: '死亡竞赛' }).click()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/modes=deathmatch/)
    await nameButtons(page).first().click()
    await expect(page.getByRole('dialog', { name: '在线玩家' })).toBeVisible()
    await shot(page, 'servers-mobile-player-popup', false)
    expect(errors).toEqual([])
  })
})
