// The leaderboard against the REAL backend in demo mode (two seasons, S1 2026 and S2 2026, about
// 3,000 seeded players, some of them PRO, KOL or OP): season in the URL, modes, group filters,
// infinite scroll to the end, the player dialog, the personal strip after a Steam login through the
// development provider, at 1280 px and 390 px, with screenshots.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  ALICE_STEAM_ID,
  DESKTOP,
  MOBILE,
  expectNoSidewaysScroll,
  getJson,
  loginWithSteam,
  settledBox,
  shot,
  watchForErrors,
} from './support/portal.ts'

interface Season {
  id: number
  name: string
}

async function seasons(request: APIRequestContext): Promise<Season[]> {
  return getJson<Season[]>(request, '/api/leaderboard/seasons')
}

/** The backend ranks the seeded boards in the background: wait until the all-time dm board is ranked. */
async function waitForRankings(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/leaderboard/dm/top?season=all')
        return response.ok() ? ((await response.json()) as { data: unknown[] }).data.length : 0
      },
      { timeout: 30_000 },
    )
    .toBe(5)
}

/** How many players a board lists, as the API counts them. */
async function boardTotal(request: APIRequestContext, query: string): Promise<number> {
  return (await getJson<{ total: number }>(request, `/api/leaderboard/dm?page=1&${query}`)).total
}

const notBusy = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
const table = (page: Page) => page.getByRole('table', { name: '玩家排名' })
/** Body rows of the desktop table (row 0 is the header). */
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const firstRank = (page: Page) => bodyRows(page).first().getByRole('cell').first()
const endLine = (page: Page) => page.getByText(/^到底啦！/)
const marker = (page: Page) => page.getByTestId('load-more-marker')

/** Scrolls the end marker into view until the end-of-list line shows. */
async function scrollToEnd(page: Page) {
  await expect(async () => {
    await marker(page).scrollIntoViewIfNeeded()
    await expect(endLine(page)).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
}

test.beforeEach(async ({ request }) => {
  await waitForRankings(request)
})

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('picks the newest season, switches seasons, modes and group filters', async ({ page, request }) => {
    // Eight page loads and a row-by-row badge check in one test: 30 s is too short on a busy 2-core machine.
    test.slow()
    const errors = watchForErrors(page)
    const [newest, older] = await seasons(request)
    expect(newest.name).toBe('S2 2026')
    expect(older.name).toBe('S1 2026')

    await page.goto('/leaderboard')
    await expect(page.getByRole('heading', { level: 1, name: '排行榜' })).toBeVisible()
    await expect(page).toHaveURL(`/leaderboard?season=${newest.id}`)
    await notBusy(page)
    await expect(page.getByRole('button', { name: /S2 2026/ })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('region', { name: '前五名' }).getByRole('listitem')).toHaveCount(5)
    await expect(firstRank(page)).toHaveText('6')
    await expect(bodyRows(page)).toHaveCount(45)
    await expect(page.getByRole('region', { name: '我的数据' })).toHaveCount(0)
    await shot(page, 'leaderboard-desktop', false)

    await test.step('the season menu opens on hover and switches seasons', async () => {
      await page.getByRole('button', { name: /S2 2026/ }).hover()
      const menu = page.getByRole('list', { name: '赛季列表' })
      await expect(menu).toBeVisible()
      await expect(menu.getByRole('button')).toHaveText([/S2 2026/, /S1 2026/])
      await shot(page, 'leaderboard-desktop-season-menu', false)
      await menu.getByRole('button', { name: /S1 2026/ }).click()
      await expect(page).toHaveURL(`/leaderboard?season=${older.id}`)
      await notBusy(page)
      await expect(firstRank(page)).toHaveText('6')

      await page.getByRole('button', { name: '全部时间' }).click()
      await expect(page).toHaveURL('/leaderboard?season=all')
      await expect(page.getByRole('button', { name: '全部时间' })).toHaveAttribute('aria-pressed', 'true')
      await notBusy(page)
      await expect(firstRank(page)).toHaveText('6')
    })

    await test.step('each mode has its own columns', async () => {
      const headers = table(page).getByRole('columnheader')
      const modes: [string, string[]][] = [
        ['回防', ['排名', '玩家', '击杀', 'KDA', '胜率', '爆头率', '残局胜利', '残局胜率', '时长（小时）']],
        ['1v1 单挑', ['排名', '玩家', '击杀', 'KDA', '胜率', '爆头率', '步枪击杀', '手枪击杀', 'AWP 击杀', '时长（小时）']],
        ['手枪死斗', ['排名', '玩家', '击杀', 'KDA', 'KPM', '爆头率', '时长（小时）']],
        ['死亡竞赛', ['排名', '玩家', '击杀', 'KDA', 'KPM', '爆头率', '步枪击杀', '手枪击杀', 'AWP 击杀', '时长（小时）']],
      ]
      for (const [mode, columns] of modes) {
        await page.getByRole('button', { name: mode, exact: true }).click()
        await expect(page.getByRole('button', { name: mode, exact: true })).toHaveAttribute('aria-pressed', 'true')
        await notBusy(page)
        await expect(headers).toHaveText(columns)
        await expect(firstRank(page)).toHaveText('6')
      }
      await table(page).getByRole('button', { name: 'KDA' }).hover()
      await expect(page.getByRole('tooltip')).toContainText('击杀数 ÷ 死亡数')
    })

    await test.step('a group filter lists its members from 1 and ends with the joke line', async () => {
      await page.getByRole('button', { name: 'OP', exact: true }).click()
      await expect(page.getByRole('button', { name: 'OP', exact: true })).toHaveAttribute('aria-pressed', 'true')
      await notBusy(page)
      await expect(page.getByRole('region', { name: '前五名' })).toHaveCount(0)
      const total = await boardTotal(request, 'usergroup=op&season=all')
      expect(total).toBeGreaterThan(0)
      await expect(bodyRows(page)).toHaveCount(total)
      await expect(firstRank(page)).toHaveText('1')
      // Every member shows an OP badge first; one in other groups too shows those after it.
      for (const row of await bodyRows(page).all()) await expect(row.getByTestId('group-badge').first()).toHaveText('OP')
      await expect(endLine(page)).toBeVisible()
      await shot(page, 'leaderboard-desktop-filter-op')
      await page.getByRole('button', { name: 'OP', exact: true }).click()
      await notBusy(page)
      await expect(firstRank(page)).toHaveText('6')
    })
    expect(errors).toEqual([])
  })

  test('scrolls page after page, and a filtered board to its end', async ({ page, request }) => {
    const errors = watchForErrors(page)
    await page.goto('/leaderboard?season=all')
    await notBusy(page)
    await expect(bodyRows(page)).toHaveCount(45)
    await marker(page).scrollIntoViewIfNeeded()
    await expect(bodyRows(page)).toHaveCount(95)
    await expect(bodyRows(page).nth(94).getByRole('cell').first()).toHaveText('100')
    await expect(endLine(page)).toHaveCount(0)

    await page.evaluate(() => window.scrollTo(0, 0))
    for (const group of ['PRO', 'KOL', 'OP']) await page.getByRole('button', { name: group, exact: true }).click()
    await notBusy(page)
    const total = await boardTotal(request, 'usergroup=pro,kol,op&season=all')
    await scrollToEnd(page)
    await expect(bodyRows(page)).toHaveCount(total)
    await expect(bodyRows(page).last().getByRole('cell').first()).toHaveText(String(total))
    // Each row shows a badge for every group the API lists for the player, in the order OP, KOL, PRO, VIP.
    const listed: { usergroup: string[] }[] = []
    for (let pageNo = 1; listed.length < total; pageNo += 1) {
      const { data } = await getJson<{ data: { usergroup: string[] }[] }>(
        request,
        `/api/leaderboard/dm?page=${pageNo}&usergroup=pro,kol,op&season=all`,
      )
      if (data.length === 0) break
      listed.push(...data)
    }
    expect(listed).toHaveLength(total)
    const order = ['op', 'kol', 'pro', 'vip']
    const expected = listed.map(({ usergroup }) => order.filter((g) => usergroup.includes(g)).map((g) => g.toUpperCase()).join(' '))
    const shown = await bodyRows(page).evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('[data-testid="group-badge"]')].map((badge) => badge.textContent).join(' ')),
    )
    expect(shown).toEqual(expected)
    await shot(page, 'leaderboard-desktop-end-of-list')
    expect(errors).toEqual([])
  })

  test('opens a player from the top five', async ({ page }) => {
    await page.goto('/leaderboard?season=all')
    await notBusy(page)
    const first = page.getByRole('region', { name: '前五名' }).getByRole('button', { name: /^查看 .* 的详细数据$/ }).first()
    const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^查看 (.*) 的详细数据$/, '$1')
    await first.click()
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('死亡竞赛 · 排名 1')
    // Deathmatch: no rounds or clutches, so no win or clutch stats.
    await expect(dialog.getByRole('term')).toHaveText(['KDA', 'KPM', '爆头率', '击杀', '死亡', '爆头', '步枪击杀', '手枪击杀', 'AWP 击杀', '时长（小时）'])
    await expect(dialog.locator('[data-stat="hsRate"]')).toHaveText(/^\d{1,3}\.\d{2}%$/)
    await expect(dialog.getByRole('link', { name: `在 Steam 打开 ${name} 的个人资料` })).toHaveAttribute(
      'href',
      /^https:\/\/steamcommunity\.com\/profiles\/\d{17}$/,
    )
    await shot(page, 'leaderboard-desktop-player', false)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(first).toBeFocused()
  })

  test('shows the personal strip once logged in with Steam', async ({ page }) => {
    const errors = watchForErrors(page)
    await page.goto('/leaderboard?season=all')
    await notBusy(page)
    await loginWithSteam(page, ALICE_STEAM_ID)

    await page.goto('/leaderboard?season=all')
    const strip = page.getByRole('region', { name: '我的数据' })
    await expect(strip).toBeVisible()
    await expect(strip).toContainText('Alice')
    await expect(strip.getByRole('term')).toHaveCount(8)
    await expect(strip.getByTestId('my-rank')).toHaveText(/^(\d[\d,]*|-)$/)
    await page.getByRole('button', { name: '回防', exact: true }).click()
    await expect(strip.getByRole('term')).toHaveCount(7)
    await shot(page, 'leaderboard-desktop-personal', false)
    expect(errors).toEqual([])
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('lists everyone from 1 as cards with medals, switches seasons and opens a player', async ({ page, request }) => {
    const errors = watchForErrors(page)
    const [newest, older] = await seasons(request)
    await page.goto('/leaderboard')
    await expect(page).toHaveURL(`/leaderboard?season=${newest.id}`)
    await notBusy(page)
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(page.getByRole('region', { name: '前五名' })).toHaveCount(0)
    const cards = page.getByRole('list', { name: '玩家排名' }).getByRole('listitem')
    await expect(cards).toHaveCount(50)
    await expect(cards.nth(0).getByTestId('medal-gold')).toHaveCount(1)
    await expect(cards.nth(1).getByTestId('medal-silver')).toHaveCount(1)
    await expect(cards.nth(2).getByTestId('medal-bronze')).toHaveCount(1)
    await expect(cards.nth(3)).toContainText('4')
    await expect(cards.nth(0).getByRole('term')).toHaveText(['击杀', 'KDA', 'KPM'])
    await expectNoSidewaysScroll(page)
    await shot(page, 'leaderboard-mobile', false)

    await page.getByRole('button', { name: /S2 2026/ }).tap()
    const menu = page.getByRole('list', { name: '赛季列表' })
    await expect(menu).toBeVisible()
    await menu.getByRole('button', { name: /S1 2026/ }).tap()
    await expect(page).toHaveURL(`/leaderboard?season=${older.id}`)
    await notBusy(page)
    await expect(cards.first().getByTestId('medal-gold')).toHaveCount(1)

    await page.getByRole('button', { name: '回防', exact: true }).tap()
    await notBusy(page)
    await expect(cards.nth(0).getByRole('term')).toHaveText(['击杀', 'KDA', '胜率'])

    const name = cards.first().getByRole('button', { name: /^查看 .* 的详细数据$/ })
    await name.tap()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('回防 · 排名 1')
    await expect(dialog.locator('[data-stat="winRate"]')).toHaveText(/^\d{1,3}\.\d{2}%$/)
    await expect(dialog.locator('[data-stat="clutchWinRate"]')).toHaveText(/^\d{1,3}\.\d{2}%$/)
    const box = await settledBox(dialog)
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await shot(page, 'leaderboard-mobile-player', false)
    await dialog.getByRole('button', { name: '关闭' }).tap()
    await expect(dialog).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
