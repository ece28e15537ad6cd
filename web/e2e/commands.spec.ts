// The chat command list against the REAL backend in demo mode (the catalogue the chat_commands
// migration seeds): the practice page's common-commands panel (columns by width, collapsing top
// area) and the all-commands dialog in three columns, Match, Practice and Admin, with search and copy.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DESKTOP, MOBILE, expectNoSidewaysScroll, getJson, settled, settledBox, shot, watchForErrors } from './support/portal.ts'

interface CommandJson {
  id: number
  command: string
  description: { en: string; zh: string }
  isFrequent: boolean
  type: 'Match' | 'Practice' | 'Admin'
}

async function catalogue(request: APIRequestContext): Promise<CommandJson[]> {
  const list = await getJson<CommandJson[]>(request, '/api/commands')
  expect(list.length).toBeGreaterThan(30)
  return list
}

const panel = (page: Page) => page.getByRole('region', { name: '常用指令' })
const frequentList = (page: Page) => panel(page).getByRole('list', { name: '常用指令' })
const dialog = (page: Page) => page.getByRole('dialog', { name: '全部指令' })
const column = (page: Page, name: string) => dialog(page).getByRole('region', { name: new RegExp(`^${name}`) })
const codes = (scope: Locator) => scope.locator('code')

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found).not.toBeNull()
  return found ?? { x: 0, y: 0, width: 0, height: 0 }
}

/**
 * Every command and description inside `scope` is shown in full: nothing is clipped (no hidden
 * overflow either way) and nothing is left to a hover title, which a touch screen cannot show.
 */
async function expectNothingCut(scope: Locator) {
  const cut = await scope.evaluate((root) =>
    [...root.querySelectorAll('li code, li p')]
      .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 || el.hasAttribute('title'))
      .map((el) => el.textContent),
  )
  expect(cut).toEqual([])
}

/** The three columns' boxes, once the dialog (and so they) stopped moving. */
async function columnBoxes(page: Page) {
  await settled(dialog(page))
  return Promise.all(TYPES.map(([, label]) => settledBox(column(page, label))))
}

const TYPES = [
  ['Match', '比赛'],
  ['Practice', '训练'],
  ['Admin', '管理'],
] as const

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('common commands in three columns, collapsing top area, all commands with search and copy', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const errors = watchForErrors(page)
    const commands = await catalogue(request)
    const frequent = commands.filter((command) => command.isFrequent)

    await page.goto('/pracc')
    await expect(codes(frequentList(page))).toHaveText(frequent.map((command) => command.command))
    await expect(frequentList(page)).toHaveAttribute('data-columns', '3')
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => settledBox(frequentList(page).getByRole('listitem').nth(i))))
    expect(a.y).toBeCloseTo(b.y, 0)
    expect(b.y).toBeCloseTo(c.y, 0)
    expect(a.x).toBeLessThan(b.x)
    expect(b.x).toBeLessThan(c.x)
    await expect(frequentList(page)).toContainText(frequent[0].description.zh)
    await expectNothingCut(frequentList(page))

    // The top area collapses from 280 px to 88 px and back (a height transition: wait for its end).
    const area = page.getByTestId('pracc-top-area')
    expect((await settledBox(area)).height).toBeCloseTo(280, 0)
    await page.getByRole('button', { name: '收起' }).click()
    await expect.poll(async () => (await box(area)).height).toBeCloseTo(88, 0)
    await expect(frequentList(page)).toHaveCount(0)
    await expect(panel(page).getByRole('button', { name: '全部指令' })).toBeVisible()
    await shot(page, 'commands-collapsed', false)
    await page.getByRole('button', { name: '展开' }).click()
    await expect.poll(async () => (await box(area)).height).toBeCloseTo(280, 0)
    await shot(page, 'commands-panel', false)

    // Every command, by type, three columns side by side.
    const trigger = panel(page).getByRole('button', { name: '全部指令' })
    await trigger.click()
    await expect(dialog(page)).toBeVisible()
    const search = dialog(page).getByRole('searchbox', { name: '搜索指令' })
    await expect(search).toBeFocused()
    for (const [type, label] of TYPES) {
      await expect(codes(column(page, label))).toHaveText(
        commands.filter((command) => command.type === type).map((command) => command.command),
      )
    }
    const [match, practice, admin] = await columnBoxes(page)
    expect(match.y).toBeCloseTo(practice.y, 0)
    expect(practice.y).toBeCloseTo(admin.y, 0)
    expect(match.x).toBeLessThan(practice.x)
    expect(practice.x).toBeLessThan(admin.x)
    await expectNothingCut(dialog(page))
    await shot(page, 'commands-dialog', false)

    // Search: the command or either description, case-insensitive; the same answer as the server's ?q=.
    for (const query of ['暂停', 'BOT', 'kick']) {
      await search.fill(query)
      const response = await request.get(`/api/commands?q=${encodeURIComponent(query)}`)
      const expected = ((await response.json()) as CommandJson[]).map((command) => command.command)
      expect(expected.length).toBeGreaterThan(0)
      await expect(codes(dialog(page))).toHaveText(expected)
    }
    await search.fill('zzzz-nothing')
    await expect(codes(dialog(page))).toHaveCount(0)
    await expect(dialog(page).getByText('没有匹配的指令')).toHaveCount(3)
    await search.fill('暂停')
    await shot(page, 'commands-search', false)

    // Copy: the button says so for 2 s (checked first, while it does), the clipboard has the command.
    // How long it says so is the Vitest test's (a faked clock); here it only has to come back.
    const first = dialog(page).getByRole('listitem').first()
    const command = (await first.locator('code').textContent()) ?? ''
    await first.getByRole('button', { name: `复制指令 ${command}` }).click()
    await expect(first.getByRole('button', { name: '已复制' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command)
    await expect(first.getByRole('button', { name: `复制指令 ${command}` })).toBeVisible({ timeout: 15_000 })

    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(trigger).toBeFocused()
    expect(errors).toEqual([])
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('one column of common commands; the dialog stacks the three types', async ({ page, request }) => {
    const commands = await catalogue(request)
    await page.goto('/pracc')
    await expect(codes(frequentList(page)).first()).toBeVisible()
    await expect(frequentList(page)).toHaveAttribute('data-columns', '1')
    await panel(page).getByRole('button', { name: '全部指令' }).tap()
    await expect(codes(dialog(page))).toHaveCount(commands.length)
    const [match, practice, admin] = await columnBoxes(page)
    expect(match.x).toBeCloseTo(practice.x, 0)
    expect(practice.x).toBeCloseTo(admin.x, 0)
    expect(match.y).toBeLessThan(practice.y)
    expect(practice.y).toBeLessThan(admin.y)
    await expectNoSidewaysScroll(page)
    await expectNothingCut(dialog(page))
    await shot(page, 'commands-mobile-dialog', false)
  })

  test('in English every description reads in full on a phone', async ({ page, request }) => {
    const commands = await catalogue(request)
    await page.goto('/pracc')
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'))
    await page.reload()
    const englishPanel = page.getByRole('region', { name: 'Common commands' })
    await expect(englishPanel.locator('li p').first()).toBeVisible()
    await expectNothingCut(englishPanel)
    await englishPanel.getByRole('button', { name: 'All commands' }).tap()
    const englishDialog = page.getByRole('dialog', { name: 'All commands' })
    await expect(codes(englishDialog)).toHaveCount(commands.length)
    // The longest English description is there word for word.
    const longest = commands.map((command) => command.description.en).reduce((a, b) => (b.length > a.length ? b : a))
    await expect(englishDialog.getByText(longest, { exact: true })).toBeVisible()
    await settled(englishDialog)
    await expectNothingCut(englishDialog)
    await expectNoSidewaysScroll(page)
    await shot(page, 'commands-mobile-dialog-en', false)
  })
})
