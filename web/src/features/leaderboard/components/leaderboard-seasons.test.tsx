import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { serveLeaderboard } from '../testing/leaderboard-fixtures'
import { listedNames, settled } from '../testing/screen-queries'

// The season in the URL and the season menu (spec 001 §4 Leaderboard).
// The board is a lazy chunk; importing it the first time can take longer than a waitFor waits.
beforeAll(async () => {
  await import('./leaderboard-board')
})
afterEach(() => vi.unstubAllGlobals())

describe('season in the URL', () => {
  it('without ?season= picks the newest season and writes it into the URL (replace)', async () => {
    const calls = serveLeaderboard()
    const { location, router } = await renderApp('/leaderboard?from=qq')
    await waitFor(() => expect(location().search).toBe('?from=qq&season=2'))
    expect(router.state.historyAction).toBe('REPLACE')
    await settled()
    expect(screen.getByRole('button', { name: /S2 2026/ })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: '全部时间' })).toHaveAttribute('aria-pressed', 'false')
    // Nothing is fetched for a scope that is about to change.
    expect(calls.list.map((call) => call.season)).toEqual(['2'])
    expect(calls.top.map((call) => call.season)).toEqual(['2'])
  })

  it('?season=all is all-time: no season parameter is sent and the URL stays', async () => {
    const calls = serveLeaderboard()
    const { location } = await renderApp('/leaderboard?season=all')
    await settled()
    expect(location().search).toBe('?season=all')
    expect(screen.getByRole('button', { name: '全部时间' })).toHaveAttribute('aria-pressed', 'true')
    expect(calls.list).toEqual([{ mode: 'dm', page: 1, usergroup: null, season: null }])
  })

  it('?season=<id> shows that season; hovering the menu warms the newest season, choosing one writes it', async () => {
    const calls = serveLeaderboard()
    const { user, location } = await renderApp('/leaderboard?season=1')
    await settled()
    expect(calls.list.at(-1)).toMatchObject({ season: '1', page: 1 })
    const seasonButton = screen.getByRole('button', { name: /S1 2025/ })
    expect(seasonButton).toHaveAttribute('aria-pressed', 'true')

    await user.hover(seasonButton)
    const menu = screen.getByRole('list', { name: '赛季列表' })
    expect(menu).toBeVisible()
    expect(menu.parentElement).toHaveStyle({ maxHeight: '180px' })
    await waitFor(() => expect(calls.top.some((call) => call.season === '2')).toBe(true))
    await waitFor(() => expect(calls.list.some((call) => call.season === '2' && call.page === 1)).toBe(true))
    // Nothing of it is shown yet.
    expect(listedNames()[0]).toBe('dm-6')
    expect(calls.list.at(-1)).toMatchObject({ season: '2', usergroup: null })

    await user.click(within(menu).getByRole('button', { name: /S2 2026/ }))
    await waitFor(() => expect(location().search).toBe('?season=2'))
    expect(screen.getByRole('button', { name: /S2 2026/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('all-time writes season=all; the season button then picks the newest season', async () => {
    const calls = serveLeaderboard()
    const { user, location } = await renderApp('/leaderboard?season=1')
    await settled()
    await user.click(screen.getByRole('button', { name: '全部时间' }))
    await waitFor(() => expect(location().search).toBe('?season=all'))
    await settled()
    expect(calls.list.at(-1)).toMatchObject({ season: null, page: 1 })

    await user.click(screen.getByRole('button', { name: '赛季' }))
    await waitFor(() => expect(location().search).toBe('?season=2'))
  })

  it('opens the season list from the keyboard and closes it with Escape', async () => {
    serveLeaderboard()
    const { user } = await renderApp('/leaderboard?season=2')
    await settled()
    const seasonButton = screen.getByRole('button', { name: /S2 2026/ })
    seasonButton.focus()
    await user.keyboard('{ArrowDown}')
    expect(seasonButton).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(screen.getByRole('button', { name: /S2 2026.*当前赛季/ })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(seasonButton).toHaveAttribute('aria-expanded', 'false')
    expect(seasonButton).toHaveFocus()
  })

  it.each([
    ['an empty', [], false],
    ['a failed', 'error', true],
  ] as const)('with %s season list: all-time, and the menu says there are no seasons', async (_, seasons, logged) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = serveLeaderboard({ seasons: seasons === 'error' ? 'error' : [...seasons] })
    const { user, location } = await renderApp('/leaderboard')
    await settled()
    expect(location().search).toBe('')
    expect(calls.list).toEqual([{ mode: 'dm', page: 1, usergroup: null, season: null }])
    await user.click(screen.getByRole('button', { name: '赛季' }))
    expect(screen.getByText('暂无赛季')).toBeVisible()
    expect(errors.mock.calls.some(([message]) => message === 'Failed to fetch leaderboard seasons')).toBe(logged)
  })
})
