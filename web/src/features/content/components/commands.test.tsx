import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { setViewportWidth } from '@/testing/viewport'
import { serveCommands } from '../testing/commands-fixtures'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const panel = () => screen.getByRole('region', { name: '常用指令' })
const frequentList = () => within(panel()).getByRole('list', { name: '常用指令' })
const codes = (scope: HTMLElement) => within(scope).queryAllByRole('code').map((code) => code.textContent)

async function openAll(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(within(panel()).getByRole('button', { name: '全部指令' }))
  return screen.findByRole('dialog', { name: '全部指令' })
}

function column(dialog: HTMLElement, name: string) {
  return within(dialog).getByRole('region', { name: new RegExp(`^${name}`) })
}

describe('common commands panel', () => {
  it('lists the frequent commands with the description in the UI language, fetched once', async () => {
    const calls = serveCommands()
    const { user } = await renderApp('/pracc')
    await waitFor(() => expect(frequentList()).toBeInTheDocument())
    expect(codes(frequentList())).toEqual(['.ready', '.pause', '.bot', '.throw', '!kick'])
    expect(within(frequentList()).getByText('标记队伍已准备')).toBeInTheDocument()
    await act(() => i18next.changeLanguage('en'))
    expect(within(screen.getByRole('list', { name: 'Common commands' })).getByText('Mark your team as ready')).toBeInTheDocument()
    await act(() => i18next.changeLanguage('zh'))

    // The dialog reads the same cached list: one request in all.
    const dialog = await openAll(user)
    expect(codes(dialog)).toHaveLength(9)
    expect(calls).toEqual([''])
  })

  it('shows a long description in full, not clamped or left to a hover title (touch screens have no hover)', async () => {
    const long =
      'Restore the last saved grenade lineup, teleport to where it was thrown from and throw it again with the same strength, so a lineup can be practised over and over without walking back'
    serveCommands([
      { id: 1, command: '.rethrow-with-a-very-long-command-name', description: { en: long, zh: long }, isFrequent: true, type: 'Practice' },
    ])
    await renderApp('/pracc', { width: 390 })
    const description = await within(panel()).findByText(long)
    expect(description).not.toHaveAttribute('title')
    expect(description.className).not.toMatch(/line-clamp|truncate/)
    const code = within(frequentList()).getByRole('code')
    expect(code).not.toHaveAttribute('title')
    expect(code.className).not.toMatch(/truncate/)
  })

  it('takes 1, 2 or 3 columns by screen width', async () => {
    serveCommands()
    await renderApp('/pracc', { width: 390 })
    await waitFor(() => expect(frequentList()).toHaveAttribute('data-columns', '1'))
    // jsdom 31 serializes the 0 as 0px; the browser keeps 0. Either is the same track.
    expect(frequentList().style.gridTemplateColumns).toMatch(/^repeat\(1, minmax\(0(px)?, 1fr\)\)$/)
    act(() => setViewportWidth(800))
    expect(frequentList()).toHaveAttribute('data-columns', '2')
    act(() => setViewportWidth(1280))
    expect(frequentList()).toHaveAttribute('data-columns', '3')
    expect(frequentList().style.gridTemplateColumns).toMatch(/^repeat\(3, minmax\(0(px)?, 1fr\)\)$/)
  })

  it('copies a command and says so for 2 s', async () => {
    serveCommands()
    await renderApp('/pracc')
    const copy = await screen.findByRole('button', { name: '复制指令 .ready' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    await user.click(copy)
    await expect(navigator.clipboard.readText()).resolves.toBe('.ready')
    expect(within(frequentList()).getAllByRole('button', { name: '已复制' })).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1_999))
    expect(within(frequentList()).getByRole('button', { name: '已复制' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(within(frequentList()).queryByRole('button', { name: '已复制' })).not.toBeInTheDocument()
  })

  it('collapses the top area from 280 px to 88 px and back', async () => {
    serveCommands()
    const { user } = await renderApp('/pracc')
    const area = screen.getByTestId('pracc-top-area')
    await waitFor(() => expect(frequentList()).toBeInTheDocument())
    expect(area).toHaveStyle({ height: '280px' })
    const toggle = screen.getByRole('button', { name: '收起' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-controls', area.id)

    await user.click(toggle)
    expect(area).toHaveStyle({ height: '88px' })
    expect(screen.getByRole('button', { name: '展开' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list', { name: '常用指令' })).not.toBeInTheDocument()
    // Collapsed, the panel keeps its heading and the way to every command.
    expect(within(panel()).getByRole('button', { name: '全部指令' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: '展开' }))
    expect(area).toHaveStyle({ height: '280px' })
    expect(frequentList()).toBeInTheDocument()
  })

  it('says so when the list cannot be loaded, after logging the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveCommands('error')
    await renderApp('/pracc')
    expect(await within(panel()).findByText('指令列表暂时无法加载，请稍后再试。')).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('Failed to fetch the command list', expect.anything())
  })
})

describe('all commands dialog', () => {
  it('shows every command in three columns by type: Match, Practice, Admin', async () => {
    serveCommands()
    const { user } = await renderApp('/pracc')
    const dialog = await openAll(user)
    const headings = within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(headings).toEqual(['比赛3', '训练3', '管理3'])
    expect(codes(column(dialog, '比赛'))).toEqual(['.ready', '.pause', '.coach'])
    expect(codes(column(dialog, '训练'))).toEqual(['.bot', '.throw', '.noclip'])
    expect(codes(column(dialog, '管理'))).toEqual(['!ban', '!kick', '!map'])
  })

  it('searches the command and both descriptions in every column', async () => {
    serveCommands()
    const { user } = await renderApp('/pracc')
    const dialog = await openAll(user)
    const search = within(dialog).getByRole('searchbox', { name: '搜索指令' })
    expect(search).toHaveAttribute('maxLength', '64')

    await user.type(search, 'PLAYER')
    await waitFor(() => expect(codes(dialog)).toEqual(['!ban', '!kick']))
    expect(within(column(dialog, '比赛')).getByText('没有匹配的指令')).toBeInTheDocument()
    expect(within(column(dialog, '训练')).getByText('没有匹配的指令')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, '道具')
    await waitFor(() => expect(codes(dialog)).toEqual(['.throw']))
    await user.clear(search)
    await user.type(search, '  .Co ')
    await waitFor(() => expect(codes(dialog)).toEqual(['.coach']))
  })

  it('copies from the dialog', async () => {
    serveCommands()
    const { user } = await renderApp('/pracc')
    const dialog = await openAll(user)
    await user.click(within(column(dialog, '管理')).getByRole('button', { name: '复制指令 !map' }))
    await expect(navigator.clipboard.readText()).resolves.toBe('!map')
    expect(within(column(dialog, '管理')).getByRole('button', { name: '已复制' })).toBeInTheDocument()
  })

  it('starts in the search box, keeps focus inside, closes on Escape with focus back and the search cleared', async () => {
    serveCommands()
    const { user } = await renderApp('/pracc')
    const trigger = within(panel()).getByRole('button', { name: '全部指令' })
    const dialog = await openAll(user)
    const search = within(dialog).getByRole('searchbox', { name: '搜索指令' })
    expect(search).toHaveFocus()
    await user.type(search, 'ban')

    // Tabbing through the dialog never leaves it.
    for (let i = 0; i < 12; i += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()

    await user.keyboard('{Enter}')
    const reopened = await screen.findByRole('dialog', { name: '全部指令' })
    expect(within(reopened).getByRole('searchbox', { name: '搜索指令' })).toHaveValue('')
    expect(codes(reopened)).toHaveLength(9)
    await user.click(within(reopened).getByRole('button', { name: '关闭' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
  })
})
