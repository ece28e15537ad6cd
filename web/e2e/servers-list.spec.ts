// The server list as a newcomer met it (issue 13): a phone layout that reads and scrolls as one
// page, columns that fit at 1024 and 1280 px, one list request, the counter of a filtered link, a
// typed search that survives a reload, sentence-case headers and a region menu under its button.
// Against the real demo backend.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { shot, watchForErrors } from './support/portal.ts'

const nameButtons = (page: Page) => page.getByRole('button', { name: /^(查看 .* 的在线玩家|Show the players on .*)$/ })

async function openServers(page: Page, { english = false, path = '/servers' } = {}) {
  if (english) {
    await page.goto('/servers')
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'))
  }
  await page.goto(path)
  await expect(nameButtons(page).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** Elements among `locator` whose text is cut (scroll size beyond the client size, 1 px tolerance). */
async function cutTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
      .map((element) => element.textContent ?? ''),
  )
}

for (const english of [false, true]) {
  const lang = english ? 'en' : 'zh'

  test.describe(`phone, 390 px (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

    test('names read in full and the page scrolls as one down to the last row', async ({ page }) => {
      const errors = watchForErrors(page)
      await openServers(page, { english, path: '/servers?hide_full=false&hide_offline=false' })
      const names = page.getByTestId('server-name')
      const count = await names.count()
      expect(count).toBeGreaterThan(5)
      expect(await cutTexts(names)).toEqual([])
      // Every name is wider than a few characters on screen.
      for (const box of await names.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) {
        expect(box).toBeGreaterThan(60)
      }
      // Players, map and region are on the card; join is reachable.
      const firstRow = page.getByRole('row').nth(1)
      await expect(firstRow.getByText(/^\d+\/\d+$/)).toBeVisible()
      await expect(firstRow.getByRole('link', { name: /^(加入|Join) / }).or(firstRow.getByRole('button', { name: /^(加入|Join) / }))).toBeVisible()

      // No scroll box of its own: the table is as tall as its content.
      const table = page.getByTestId('server-table-scroll')
      const inner = await table.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, overflowY: getComputedStyle(el).overflowY }))
      expect(inner.scroll).toBeLessThanOrEqual(inner.client + 1)
      expect(['visible', 'clip']).toContain(inner.overflowY)
      // The document scrolls to the last row.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect(nameButtons(page).last()).toBeInViewport()
      const lastRowBottom = await page.getByRole('row').last().evaluate((el) => el.getBoundingClientRect().bottom)
      expect(lastRowBottom).toBeLessThanOrEqual(844 + 1)
      await shot(page, `servers-h1-phone-${lang}`)
      expect(errors).toEqual([])
    })
  })

  for (const width of [1024, 1280]) {
    test.describe(`desktop, ${width} px (${lang})`, () => {
      test.use({ viewport: { width, height: 900 } })

      test('map, region, players and status columns are not cut', async ({ page }) => {
        await openServers(page, { english, path: '/servers?hide_full=false&hide_offline=false' })
        const cells = page.locator('tbody td:nth-child(n+2):nth-child(-n+5) span')
        expect(await cells.count()).toBeGreaterThan(10)
        expect(await cutTexts(cells)).toEqual([])
        // The name column keeps a fair share.
        const nameWidth = await page.getByRole('columnheader').first().evaluate((el) => el.getBoundingClientRect().width)
        expect(nameWidth).toBeGreaterThan(width === 1024 ? 180 : 380)
        // No horizontal overflow.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1)
        await shot(page, `servers-h1-${width}-${lang}`, false)
      })
    })
  }
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('asks for /api/servers once on load', async ({ page }) => {
    const calls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/servers') calls.push(request.url())
    })
    await openServers(page)
    // Anything still on its way has had the time a second request would take.
    await page.waitForLoadState('networkidle')
    expect(calls).toHaveLength(1)
  })

  test('a filtered link counts the shown servers against all of them', async ({ page, request }) => {
    const all = (await (await request.get('/api/servers')).json()) as unknown[]
    expect(all.length).toBeGreaterThan(3)
    await openServers(page, { path: '/servers?modes=retakes&hide_full=false&hide_offline=false' })
    const shown = await nameButtons(page).count()
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(all.length)
    await expect(page.getByText(`显示 ${shown} / ${all.length} 台服务器`)).toBeVisible()
  })

  test('a typed search with # survives a reload', async ({ page }) => {
    // DM #1 fills up and empties as its simulated players come and go: full servers must not hide it.
    await openServers(page, { path: '/servers?hide_full=false&hide_offline=false' })
    await page.getByRole('searchbox', { name: '搜索服务器' }).fill('DM #1')
    await expect(page).toHaveURL(/s=DM(\+|%20)%231/)
    await expect(nameButtons(page)).toHaveCount(1)
    await page.reload()
    await expect(page.getByRole('searchbox', { name: '搜索服务器' })).toHaveValue('DM #1')
    await expect(nameButtons(page)).toHaveCount(1)
    await expect(nameButtons(page).first()).toHaveAccessibleName(/DM #1/)
  })

  test('English headers in sentence case; the region menu opens under its button', async ({ page }) => {
    await openServers(page, { english: true })
    const headers = page.getByRole('columnheader')
    await expect(headers).toHaveText(['Server name', 'Players', 'Map', 'Region', 'Status', 'Actions'])
    for (const header of await headers.all()) {
      expect(await header.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none')
    }
    const trigger = page.getByRole('button', { name: 'Regions' })
    await trigger.click()
    const menu = page.getByRole('menu', { name: 'Regions' })
    await expect(menu).toBeVisible()
    const [button, opened] = [await trigger.boundingBox(), await menu.boundingBox()]
    expect(Math.abs(opened!.x - button!.x)).toBeLessThanOrEqual(2)
    expect(Math.abs(opened!.x + opened!.width - (button!.x + button!.width))).toBeLessThanOrEqual(2)
    await shot(page, 'servers-h1-region-menu-en', false)
  })
})
