import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { renderApp } from '@/testing/render-app'
import { installIntersectionObserver, playerJson, serveLeaderboard } from '../testing/leaderboard-fixtures'
import { busy, listedNames, settled, tableRanks, topCardNames } from '../testing/screen-queries'

// The board is a lazy chunk; importing it the first time can take longer than a waitFor waits.
beforeAll(async () => {
  await import('./leaderboard-board')
})
afterEach(() => vi.unstubAllGlobals())

describe('board on desktop', () => {
  it('shows the first five as cards and lists the table from 6 with the mode\'s columns', async () => {
    serveLeaderboard()
    await renderApp('/leaderboard?season=all')
    await settled()
    expect(topCardNames()).toEqual(['dm-1', 'dm-2', 'dm-3', 'dm-4', 'dm-5'])
    expect(listedNames().slice(0, 2)).toEqual(['dm-6', 'dm-7'])
    expect(tableRanks().slice(0, 2)).toEqual(['6', '7'])
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual(['排名', '玩家', '击杀', 'KDA', 'KPM', '爆头率', '步枪击杀', '手枪击杀', 'AWP 击杀', '时长（小时）'])
    // dm-6: 9,994 kills, 100 deaths, 5,000 headshots, 600 minutes.
    const row = screen.getByRole('button', { name: '查看 dm-6 的详细数据' }).closest('tr')!
    expect(within(row).getAllByRole('cell').slice(2).map((cell) => cell.textContent)).toEqual([
      '9,994',
      '99.94',
      '16.66',
      '50.03%',
      '4,000',
      '1,200',
      '500',
      '10.0',
    ])
  })

  it('each row links to the platform profile in a new tab, shows every group badge and falls back to the logo', async () => {
    serveLeaderboard({
      playerOverrides: (position) =>
        position === 7 ? { avatar_url: null, usergroup: ['op', 'kol', 'vip'] } : position === 8 ? { avatar_url: '' } : {},
    })
    await renderApp('/leaderboard?season=all')
    await settled()
    const row = (name: string) => screen.getByRole('button', { name: `查看 ${name} 的详细数据` }).closest('tr')!
    const profile = within(row('dm-6')).getByRole('link', { name: '在 Steam 打开 dm-6 的个人资料' })
    expect(profile).toHaveAttribute('href', 'https://steamcommunity.com/profiles/76561198000000006')
    expect(profile).toHaveAttribute('target', '_blank')
    expect(profile).toHaveAttribute('rel', 'noopener noreferrer')
    expect(row('dm-6').querySelector('img')).toHaveAttribute('src', 'https://avatars.example.com/6.jpg')
    expect(within(row('dm-6')).queryByTestId('group-badge')).not.toBeInTheDocument()
    expect(row('dm-7').querySelector('img')).toHaveAttribute('src', '/favicon.svg')
    expect(row('dm-8').querySelector('img')).toHaveAttribute('src', '/favicon.svg')
    expect(within(row('dm-7')).getAllByTestId('group-badge').map((badge) => badge.textContent)).toEqual(['OP', 'KOL', 'VIP'])
  })

  it('group filters ask for usergroup=pro,kol,op, drop the top block and number the list from 1', async () => {
    const calls = serveLeaderboard({ total: 8 })
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    await user.click(screen.getByRole('button', { name: 'OP' }))
    await user.click(screen.getByRole('button', { name: 'PRO' }))
    await waitFor(() => expect(listedNames()[0]).toBe('pro+op-1'))
    expect(calls.list.at(-1)).toEqual({ mode: 'dm', page: 1, usergroup: 'pro,op', season: null })
    expect(screen.getByRole('button', { name: 'OP' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'KOL' })).toHaveAttribute('aria-pressed', 'false')
    expect(topCardNames()).toEqual([])
    // The place in the filtered list, not the overall rank (7, 14, ...).
    expect(tableRanks()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    await user.click(screen.getByRole('button', { name: 'KOL' }))
    await waitFor(() => expect(calls.list.at(-1)?.usergroup).toBe('pro,kol,op'))
  })

  it('switching the last filter off brings back the top five and the list from 6', async () => {
    const calls = serveLeaderboard({ total: 8 })
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    await user.click(screen.getByRole('button', { name: 'KOL' }))
    await waitFor(() => expect(listedNames()[0]).toBe('kol-1'))
    await user.click(screen.getByRole('button', { name: 'KOL' }))
    await waitFor(() => expect(topCardNames()).toHaveLength(5))
    expect(tableRanks()).toEqual(['6', '7', '8'])
    expect(calls.list.map((call) => call.usergroup)).toEqual([null, 'kol', null])
  })

  it('explains the harder columns in a tooltip', async () => {
    serveLeaderboard()
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    await user.hover(screen.getByRole('button', { name: 'KDA' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('击杀数 ÷ 死亡数')
  })
})

describe('modes', () => {
  it('a mode change starts over at page 1 with an empty, blurred list', async () => {
    const io = installIntersectionObserver()
    let holdSolo: (() => void) | undefined
    const calls = serveLeaderboard({
      total: 20,
      pageSize: 10,
      listAnswer: ({ mode }) =>
        mode === 'solo' ? { delay: new Promise<void>((resolve) => (holdSolo = resolve)) } : undefined,
    })
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    io.scrollMarker(true)
    await waitFor(() => expect(listedNames()).toContain('dm-20'))
    io.scrollMarker(false)
    expect(screen.getByRole('button', { name: '死亡竞赛' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: '1v1 单挑' }))
    await waitFor(() => expect(busy()).toBe('true'))
    expect(listedNames()).toEqual([])
    expect(screen.getByText('正在加载排行榜…')).toBeInTheDocument()
    holdSolo?.()
    await settled()
    expect(listedNames()).toEqual(['solo-6', 'solo-7', 'solo-8', 'solo-9', 'solo-10'])
    expect(calls.list.filter((call) => call.mode === 'solo').map((call) => call.page)).toEqual([1])
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toContain('胜率')

    // Coming back to dm starts over too.
    await user.click(screen.getByRole('button', { name: '死亡竞赛' }))
    await settled()
    expect(listedNames()).toHaveLength(5)
    expect(calls.list.filter((call) => call.mode === 'dm').map((call) => call.page)).toEqual([1, 2, 1])
  })
})

describe('infinite scroll', () => {
  it('loads the next page when the end marker shows, only while pages remain and none is loading', async () => {
    const io = installIntersectionObserver()
    let holdPage2: (() => void) | undefined
    const calls = serveLeaderboard({
      total: 25,
      pageSize: 10,
      listAnswer: ({ page }) => (page === 2 ? { delay: new Promise<void>((resolve) => (holdPage2 = resolve)) } : undefined),
    })
    await renderApp('/leaderboard?season=all')
    await settled()
    expect(io.options.at(-1)).toEqual({ threshold: 0 })
    expect(screen.queryByText(/到底啦/)).not.toBeInTheDocument()

    io.scrollMarker(true)
    await waitFor(() => expect(calls.list.map((call) => call.page)).toEqual([1, 2]))
    expect(await screen.findByText('正在加载更多玩家…')).toBeInTheDocument()
    // Seen again while page 2 is loading: nothing more is asked for.
    io.scrollMarker(false)
    io.scrollMarker(true)
    expect(calls.list.map((call) => call.page)).toEqual([1, 2])

    holdPage2?.()
    // Still in view once page 2 is in: page 3 follows; it is the last (25 players, 10 a page).
    await waitFor(() => expect(calls.list.map((call) => call.page)).toEqual([1, 2, 3]))
    await waitFor(() => expect(listedNames()).toHaveLength(20))
    expect(listedNames().at(-1)).toBe('dm-25')
    expect(await screen.findByText(/到底啦/)).toBeInTheDocument()
    io.scrollMarker(false)
    io.scrollMarker(true)
    expect(calls.list.map((call) => call.page)).toEqual([1, 2, 3])
  })

  it('does not trust a sighting from before the rows arrived: a first page that fills the screen stops there', async () => {
    const io = installIntersectionObserver()
    let holdPage1: (() => void) | undefined
    const calls = serveLeaderboard({
      total: 25,
      pageSize: 10,
      listAnswer: ({ page }) => (page === 1 ? { delay: new Promise<void>((resolve) => (holdPage1 = resolve)) } : undefined),
    })
    await renderApp('/leaderboard?season=all')
    // The list is empty while page 1 loads, so the marker is in view.
    await waitFor(() => expect(calls.list).toHaveLength(1))
    io.scrollMarker(true)
    // Page 1's rows push the marker below the fold.
    io.moveMarkerUnreported(false)
    holdPage1?.()
    await settled()
    await waitFor(() => expect(listedNames()).toHaveLength(5))
    expect(calls.list.map((call) => call.page)).toEqual([1])
  })

  it('a failed page leaves the list as it was, is logged, and is tried again when the marker comes back', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const io = installIntersectionObserver()
    let failPage2 = true
    const calls = serveLeaderboard({
      total: 25,
      pageSize: 10,
      listAnswer: ({ page }) => (page === 2 && failPage2 ? 'error' : undefined),
    })
    await renderApp('/leaderboard?season=all')
    await settled()
    io.scrollMarker(true)
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to fetch the leaderboard', expect.anything()))
    expect(listedNames()).toHaveLength(5)
    expect(listedNames().at(-1)).toBe('dm-10')
    expect(screen.queryByText(/到底啦/)).not.toBeInTheDocument()
    // No retry loop while the marker simply stays in view (one request plus the client's one retry).
    const asked = calls.list.filter((call) => call.page === 2).length
    expect(asked).toBeLessThanOrEqual(2)

    failPage2 = false
    io.scrollMarker(false)
    io.scrollMarker(true)
    await waitFor(() => expect(listedNames()).toContain('dm-20'))
  })
})

describe('fetch failures', () => {
  it('a failed first page and top five leave both empty; they are only logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveLeaderboard({ listAnswer: () => 'error', top: 'error' })
    await renderApp('/leaderboard?season=all')
    await settled()
    expect(listedNames()).toEqual([])
    expect(topCardNames()).toEqual([])
    expect(screen.getByText('暂无玩家数据')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(errors).toHaveBeenCalledWith('Failed to fetch the leaderboard', expect.anything())
    expect(errors).toHaveBeenCalledWith('Failed to fetch the top players', expect.anything())
  })
})

describe('end of the list', () => {
  it('a short board ends with the joke line', async () => {
    serveLeaderboard({ total: 12 })
    await renderApp('/leaderboard?season=all')
    await settled()
    expect(listedNames()).toHaveLength(7)
    expect(screen.getByText(/到底啦！据说榜首大佬/)).toBeInTheDocument()
  })
})

describe('mobile, 390 px', () => {
  it('lists everyone from 1 as cards with medals for the first three and the mode\'s short stats', async () => {
    const calls = serveLeaderboard({ total: 6 })
    await renderApp('/leaderboard?season=all', { width: 390 })
    await settled()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(topCardNames()).toEqual([])
    expect(calls.top).toEqual([])
    expect(listedNames()).toEqual(['dm-1', 'dm-2', 'dm-3', 'dm-4', 'dm-5', 'dm-6'])
    const cards = within(screen.getByRole('list', { name: '玩家排名' })).getAllByRole('listitem')
    expect(within(cards[0]).getByText('金牌，第 1 名')).toBeInTheDocument()
    expect(within(cards[1]).getByText('银牌，第 2 名')).toBeInTheDocument()
    expect(within(cards[2]).getByText('铜牌，第 3 名')).toBeInTheDocument()
    expect(within(cards[3]).queryByTestId(/^medal-/)).not.toBeInTheDocument()
    expect(cards[3]).toHaveTextContent('4')
    const stats = [...cards[0].querySelectorAll('dt')].map((term) => term.textContent)
    expect(stats).toEqual(['击杀', 'KDA', 'KPM'])
  })
})

describe('personal stats', () => {
  it('is hidden when logged out, and the user call is not made', async () => {
    const calls = serveLeaderboard()
    await renderApp('/leaderboard?season=all')
    await settled()
    expect(screen.queryByRole('region', { name: '我的数据' })).not.toBeInTheDocument()
    expect(calls.user).toEqual([])
  })

  it('shows the current mode\'s entry, a dash for a missing rank and a no-stats message for other modes', async () => {
    storeSession()
    const calls = serveLeaderboard({
      user: [{ mode: 'dm', ...playerJson('me', 1, { nickname: 'alice-in-game', rank: null, kills: 1500, deaths: 1000 }) }],
    })
    const { user } = await renderApp('/leaderboard?season=2')
    await settled()
    const strip = await screen.findByRole('region', { name: '我的数据' })
    await waitFor(() => expect(within(strip).getByText('alice-in-game')).toBeInTheDocument())
    expect(within(strip).getByTestId('my-rank')).toHaveTextContent(/^-$/)
    expect(within(strip).getByText('1,500')).toBeInTheDocument()
    expect(within(strip).getByText('1.50')).toBeInTheDocument()
    expect(within(strip).getAllByRole('term')).toHaveLength(8)
    expect(calls.user).toEqual([{ steamId: ALICE.steamId, season: '2' }])

    await user.click(screen.getByRole('button', { name: '回防' }))
    expect(within(strip).getByText('你在该模式下还没有数据，快去服务器里打几局吧！')).toBeInTheDocument()
    expect(within(strip).getByText('alice')).toBeInTheDocument()
  })

  it('shows a rank sent as text, such as 1000+, as it is', async () => {
    storeSession()
    serveLeaderboard({ user: [{ mode: 'dm', ...playerJson('me', 1, { rank: '1000+' }) }] })
    await renderApp('/leaderboard?season=all')
    const strip = await screen.findByRole('region', { name: '我的数据' })
    await waitFor(() => expect(within(strip).getByTestId('my-rank')).toHaveTextContent('1000+'))
  })

  it('ignores a failed user call: the no-stats message shows and nothing else breaks', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    serveLeaderboard({ user: 'error' })
    await renderApp('/leaderboard?season=all')
    await settled()
    const strip = await screen.findByRole('region', { name: '我的数据' })
    await waitFor(() => expect(within(strip).getByText(/还没有数据/)).toBeInTheDocument())
    expect(listedNames()[0]).toBe('dm-6')
    expect(errors).toHaveBeenCalledWith('Failed to fetch your leaderboard stats', expect.anything())
  })
})

describe('player details', () => {
  it('a top card opens a labelled dialog with the mode\'s stats; Escape closes it and focus returns', async () => {
    serveLeaderboard()
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    const card = screen.getByRole('button', { name: '查看 dm-1 的详细数据' })
    await user.click(card)
    const dialog = await screen.findByRole('dialog', { name: 'dm-1' })
    expect(dialog).toHaveTextContent('死亡竞赛 · 排名 1')
    const terms = within(dialog).getAllByRole('term').map((term) => term.textContent)
    // Deathmatch has no rounds and no clutches: no win or clutch stats (a 0% there means nothing).
    expect(terms).toEqual([
      'KDA', 'KPM', '爆头率',
      '击杀', '死亡', '爆头', '步枪击杀', '手枪击杀', 'AWP 击杀', '时长（小时）',
    ])
    // dm-1: 9,999 kills / 100 deaths.
    expect(within(dialog).getByText('99.99')).toBeInTheDocument()
    expect(within(dialog).queryByText('胜率')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: '在 Steam 打开 dm-1 的个人资料' })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/profiles/76561198000000001',
    )
    expect(within(dialog).getByRole('button', { name: '关闭' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(card).toHaveFocus()
  })

  it('on retakes the dialog shows the round and clutch stats, every rate with two decimals', async () => {
    serveLeaderboard()
    const { user } = await renderApp('/leaderboard?season=all')
    await settled()
    await user.click(screen.getByRole('button', { name: '回防' }))
    await settled()
    await user.click(screen.getByRole('button', { name: '查看 retakes-1 的详细数据' }))
    const dialog = await screen.findByRole('dialog', { name: 'retakes-1' })
    const terms = within(dialog).getAllByRole('term').map((term) => term.textContent)
    expect(terms).toEqual([
      'KDA', '胜率', '爆头率', '残局胜率',
      '击杀', '死亡', '爆头', '胜场', '负场', '残局', '残局胜利', '时长（小时）',
    ])
    // retakes-1: 30 wins, 10 losses; 5 of 20 clutches; 5,000 of 9,999 kills headshots.
    const value = (stat: string) => dialog.querySelector(`[data-stat="${stat}"]`)?.textContent
    expect(value('winRate')).toBe('75.00%')
    expect(value('clutchWinRate')).toBe('25.00%')
    expect(value('hsRate')).toBe('50.01%')
  })

  it('a name in the list opens the dialog too, with the group badge and the default logo', async () => {
    serveLeaderboard({ total: 3, playerOverrides: (position) => (position === 2 ? { usergroup: ['vip', 'pro'], avatar_url: null } : {}) })
    const { user } = await renderApp('/leaderboard?season=all', { width: 390 })
    await settled()
    await user.click(screen.getByRole('button', { name: '查看 dm-2 的详细数据' }))
    const dialog = await screen.findByRole('dialog', { name: 'dm-2' })
    expect(within(dialog).getAllByTestId('group-badge').map((badge) => badge.textContent)).toEqual(['PRO', 'VIP'])
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/favicon.svg')
  })
})
