import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { configWith } from '@/testing/fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { setViewportWidth } from '@/testing/viewport'
import { serverJson } from '../testing/server-fixtures'

/** Serves `list` at GET /api/servers and records each request's query. */
function serveServers(list: Record<string, unknown>[]) {
  const calls: URLSearchParams[] = []
  server.use(
    http.get('/api/servers', ({ request }) => {
      calls.push(new URL(request.url).searchParams)
      return HttpResponse.json(list)
    }),
  )
  return calls
}

/** Display names of the rendered rows, top to bottom. */
function shownNames(): string[] {
  return screen
    .queryAllByRole('button', { name: /^查看 .* 的在线玩家$/ })
    .map((button) => /^查看 (.*) 的在线玩家$/.exec(button.getAttribute('aria-label') ?? '')?.[1] ?? '')
}

const sample = () => [
  serverJson({ ip: '1.1.1.1', name: 'Busy DM', players: '9/12', players_max: 12, category: 'deathmatch', map: 'de_dust2' }),
  serverJson({ ip: '2.2.2.2', name: 'raw name', name_display: 'Retake 上海', players: '3/10', category: 'retakes', map: 'de_mirage' }),
  serverJson({ ip: '3.3.3.3', name: 'Empty public', players: '0/10', category: 'public', region: 'eu-frankfurt', map: 'de_inferno' }),
  serverJson({ ip: '4.4.4.4', name: 'Full DM', players: '10/10', category: 'deathmatch' }),
  serverJson({ ip: '5.5.5.5', name: 'Dead 1v1', players: '0/2', players_max: 2, category: 'solo 1v1', open: '0' }),
  serverJson({ ip: '6.6.6.6', name: 'Pinned', players: '1/10', ontop: 2, map: 'de_nuke' }),
]

async function loaded() {
  await waitFor(() => expect(shownNames().length).toBeGreaterThan(0))
  await waitFor(() => expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'))
}

describe('server list', () => {
  it('shows the defaults: full and offline hidden, pinned first, then players descending', async () => {
    serveServers(sample())
    await renderApp('/servers')
    await loaded()
    expect(shownNames()).toEqual(['Pinned', 'Busy DM', 'Retake 上海', 'Empty public'])
    const pinnedRow = screen.getByRole('button', { name: '查看 Pinned 的在线玩家' }).closest('tr')!
    expect(within(pinnedRow).getByText('置顶服务器')).toBeInTheDocument()
    const row = screen.getByRole('button', { name: '查看 Empty public 的在线玩家' }).closest('tr')!
    expect(within(row).getByText('法兰克福')).toBeInTheDocument()
    expect(within(row).getByText('在线')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: '加入 Empty public' })).toHaveAttribute('href', 'steam://connect/3.3.3.3:27015')
    expect(screen.getByText('显示 4 / 6 台服务器')).toBeInTheDocument()
  })

  it('renders only the form of the width: a card below 1024 px, table cells from there', async () => {
    serveServers(sample())
    await renderApp('/servers', { width: 800 })
    await loaded()
    const card = screen.getByRole('button', { name: '查看 Empty public 的在线玩家' }).closest('tr')!
    expect(card.querySelectorAll('td')).toHaveLength(3)
    expect(card).toHaveStyle({ height: '92px' })
    expect(card).toHaveTextContent('在线 · de_inferno · 法兰克福')
    act(() => setViewportWidth(1280))
    const row = screen.getByRole('button', { name: '查看 Empty public 的在线玩家' }).closest('tr')!
    expect(row.querySelectorAll('td')).toHaveLength(6)
    expect(row).toHaveStyle({ height: '52px' })
    expect(within(row).getByText('法兰克福')).toBeInTheDocument()
    expect(within(row).getByText('在线')).toBeInTheDocument()
    expect(row).not.toHaveTextContent('· de_inferno ·')
  })

  it('disables joining an offline server with the serverOffline tooltip', async () => {
    serveServers(sample())
    const { user } = await renderApp('/servers?hide_offline=false')
    await loaded()
    const join = screen.getByRole('button', { name: '加入 Dead 1v1' })
    expect(join).toHaveAttribute('aria-disabled', 'true')
    await user.hover(join)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('服务器离线，暂时无法加入')
  })

  it('copies the connect command from a row', async () => {
    serveServers(sample())
    const { user } = await renderApp('/servers')
    await loaded()
    const row = screen.getByRole('button', { name: '查看 Busy DM 的在线玩家' }).closest('tr')!
    await user.click(within(row).getByRole('button', { name: '复制连接命令' }))
    await expect(navigator.clipboard.readText()).resolves.toBe('connect 1.1.1.1:27015')
    expect(within(row).getByRole('button', { name: '已复制' })).toBeInTheDocument()
  })

  it('mirrors the filters to the query string with replace and applies them', async () => {
    serveServers(sample())
    const { user, location, router } = await renderApp('/servers?from=qq')
    await loaded()

    await user.click(screen.getByRole('switch', { name: '隐藏满员' }))
    await user.click(screen.getByRole('switch', { name: '隐藏空服' }))
    await user.click(screen.getByRole('switch', { name: '隐藏离线' }))
    await user.type(screen.getByRole('searchbox', { name: '搜索服务器' }), '  dm ')
    await waitFor(() => expect(shownNames()).toEqual(['Full DM', 'Busy DM']))
    // The typed search reaches the URL once typing pauses (SEARCH_URL_DELAY_MS), the switches at once.
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        from: 'qq',
        hide_full: 'false',
        hide_empty: 'true',
        hide_offline: 'false',
        s: 'dm',
      }),
    )
    expect(router.state.historyAction).toBe('REPLACE')

    await user.click(screen.getByRole('button', { name: '清除搜索' }))
    await user.click(screen.getByRole('button', { name: '重置筛选' }))
    await waitFor(() => expect(location().search).toBe('?from=qq'))
    expect(shownNames()).toEqual(['Pinned', 'Busy DM', 'Retake 上海', 'Empty public'])
  })

  it('filters by mode pills server-side and client-side', async () => {
    const calls = serveServers(sample())
    const { user, location } = await renderApp('/servers')
    await loaded()
    await user.click(screen.getByRole('button', { name: '回防' }))
    await waitFor(() => expect(shownNames()).toEqual(['Retake 上海']))
    expect(location().search).toBe('?modes=retakes')
    await waitFor(() => expect(calls.some((query) => query.get('modes') === 'retakes')).toBe(true))
    expect(screen.getByRole('button', { name: '回防' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('reads the query string back, dropping unknown values and an unsafe search', async () => {
    const calls = serveServers(sample())
    const { location } = await renderApp(
      '/servers?modes=retakes,bogus&maps=de_mirage,de_nowhere&regions=mars-1&s=%5Bbad%5D&hide_full=false',
    )
    await loaded()
    expect(shownNames()).toEqual(['Retake 上海'])
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
        modes: 'retakes',
        maps: 'de_mirage',
        hide_full: 'false',
      }),
    )
    expect(screen.getByRole('searchbox', { name: '搜索服务器' })).toHaveValue('')
    expect(screen.getByRole('switch', { name: '隐藏满员' })).not.toBeChecked()
    // The filtered call only ever carries known values.
    const filtered = calls.filter((query) => query.has('maps'))
    expect(filtered.length).toBeGreaterThan(0)
    for (const query of filtered) expect(query.get('maps')).toBe('de_mirage')
  })

  it('sorts by the headers: ascending, descending, none; pinned stay first', async () => {
    serveServers(sample())
    const { user } = await renderApp('/servers')
    await loaded()
    const nameHeader = screen.getByRole('columnheader', { name: /服务器名称/ })
    const playersHeader = screen.getByRole('columnheader', { name: /玩家/ })
    expect(playersHeader).toHaveAttribute('aria-sort', 'descending')

    await user.click(within(nameHeader).getByRole('button'))
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    expect(playersHeader).toHaveAttribute('aria-sort', 'none')
    expect(shownNames()).toEqual(['Pinned', 'Busy DM', 'Empty public', 'Retake 上海'])

    await user.click(within(nameHeader).getByRole('button'))
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    expect(shownNames()).toEqual(['Pinned', 'Retake 上海', 'Empty public', 'Busy DM'])

    await user.click(within(nameHeader).getByRole('button'))
    expect(nameHeader).toHaveAttribute('aria-sort', 'none')
    expect(shownNames()).toEqual(['Pinned', 'Busy DM', 'Retake 上海', 'Empty public'])

    await user.click(within(playersHeader).getByRole('button'))
    expect(shownNames()).toEqual(['Pinned', 'Empty public', 'Retake 上海', 'Busy DM'])
  })

  it('keeps the list when a fetch fails, and only logs the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveServers(sample())
    const { user } = await renderApp('/servers')
    await loaded()
    server.use(http.get('/api/servers', () => HttpResponse.json({ error: 'INTERNAL_ERROR' }, { status: 500 })))
    await user.click(screen.getByRole('button', { name: '回防' }))
    await waitFor(() => expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'))
    // The previous list stays; the client-side mode filter still applies to it.
    expect(shownNames()).toEqual(['Retake 上海'])
    expect(error).toHaveBeenCalledWith('Failed to fetch servers', expect.anything())
  })

  it('renders only the rows in view for 1,000 servers', async () => {
    serveServers(Array.from({ length: 1000 }, (_, i) => serverJson({ name: `S${i}`, players: `${i % 9}/10` })))
    await renderApp('/servers')
    await loaded()
    expect(screen.getByText('显示 1000 / 1000 台服务器')).toBeInTheDocument()
    const rendered = shownNames().length
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(60)
  })

  it('offers a mode dropdown instead of pills and no quick join below 1024 px', async () => {
    serveServers(sample())
    const { user } = await renderApp('/servers', { width: 390 })
    await loaded()
    expect(screen.queryByRole('button', { name: '回防' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '快速加入' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '游戏模式' }))
    await user.click(await screen.findByRole('menuitemcheckbox', { name: '回防' }))
    await waitFor(() => expect(shownNames()).toEqual(['Retake 上海']))
  })

  it('hides the filter bar and quick join when their flags are off', async () => {
    serveServers(sample())
    await renderApp('/servers', {
      config: configWith({ servers: { features: { filters: false, quickJoin: false } } }),
    })
    await loaded()
    expect(screen.queryByRole('region', { name: '筛选服务器' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '快速加入' })).not.toBeInTheDocument()
    await act(async () => {})
  })
})

/** Serves `list` at GET /api/servers, narrowed by modes like the backend; answers asking for deathmatch wait for `gate`. */
function serveNarrowing(list: () => Record<string, unknown>[], gate?: Promise<void>) {
  const calls: URLSearchParams[] = []
  server.use(
    http.get('/api/servers', async ({ request }) => {
      const query = new URL(request.url).searchParams
      calls.push(query)
      const modes = query.get('modes')?.split(',')
      if (modes?.includes('deathmatch') && gate) await gate
      return HttpResponse.json(list().filter((item) => !modes || modes.includes(String(item.category))))
    }),
  )
  return calls
}

describe('server list: issue 13', () => {
  it('asks for /api/servers once on first load', async () => {
    const calls = serveServers(sample())
    await renderApp('/servers')
    await loaded()
    await act(async () => {})
    expect(calls).toHaveLength(1)
  })

  it('counts every server in the total of a narrowed link', async () => {
    serveNarrowing(sample)
    await renderApp('/servers?modes=retakes')
    await loaded()
    expect(shownNames()).toEqual(['Retake 上海'])
    await waitFor(() => expect(screen.getByText('显示 1 / 6 台服务器')).toBeInTheDocument())
  })

  it('ignores filter parameters (the search too) when the filters feature is off', async () => {
    serveNarrowing(sample)
    const { location } = await renderApp('/servers?modes=retakes&s=Busy&hide_full=false', {
      config: configWith({ servers: { features: { filters: false } } }),
    })
    await loaded()
    expect(shownNames()).toEqual(['Pinned', 'Busy DM', 'Retake 上海', 'Empty public'])
    expect(screen.getByText('显示 4 / 6 台服务器')).toBeInTheDocument()
    // The link is left as it came; nothing on the page refers to filters.
    expect(location().search).toBe('?modes=retakes&s=Busy&hide_full=false')
  })

  it('never tells a user with the filters off to reset filters', async () => {
    serveServers([serverJson({ name: 'Only full', players: '10/10' })])
    await renderApp('/servers?hide_full=false', { config: configWith({ servers: { features: { filters: false } } }) })
    expect(await screen.findByText('没有符合条件的服务器')).toBeInTheDocument()
    expect(screen.queryByText(/筛选/)).not.toBeInTheDocument()
  })

  it('switching modes never shows "no matching servers" while the narrowed list is on its way', async () => {
    let open = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    serveNarrowing(sample, gate)
    const { user } = await renderApp('/servers?modes=retakes')
    await loaded()
    expect(shownNames()).toEqual(['Retake 上海'])
    // Retakes → retakes + deathmatch → deathmatch, the deathmatch answers still on their way.
    await user.click(screen.getByRole('button', { name: '死亡竞赛' }))
    await user.click(screen.getByRole('button', { name: '回防' }))
    expect(shownNames()).toEqual(['Pinned', 'Busy DM'])
    expect(screen.queryByText('没有符合条件的服务器')).not.toBeInTheDocument()
    open()
    await loaded()
    expect(shownNames()).toEqual(['Pinned', 'Busy DM'])
    expect(screen.queryByText('没有符合条件的服务器')).not.toBeInTheDocument()
  })

  it('shows the 30 s background refresh, holding the row order while the pointer is over the list', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      let busy = '9/12'
      serveServers([]) // replaced below
      server.use(
        http.get('/api/servers', () =>
          HttpResponse.json([
            serverJson({ ip: '1.1.1.1', name: 'Alpha', players: busy, players_max: 12 }),
            serverJson({ ip: '2.2.2.2', name: 'Beta', players: '5/12', players_max: 12 }),
          ]),
        ),
      )
      const { user } = await renderApp('/servers')
      await loaded()
      expect(shownNames()).toEqual(['Alpha', 'Beta'])
      const row = (name: string) => screen.getByRole('button', { name: `查看 ${name} 的在线玩家` }).closest('tr')!

      await user.hover(screen.getByTestId('server-table-scroll'))
      busy = '1/12'
      await act(async () => vi.advanceTimersByTime(30_000))
      // Fresh numbers, same places while the pointer is over the list.
      await waitFor(() => expect(row('Alpha')).toHaveTextContent('1/12'))
      expect(shownNames()).toEqual(['Alpha', 'Beta'])

      await user.unhover(screen.getByTestId('server-table-scroll'))
      expect(shownNames()).toEqual(['Beta', 'Alpha'])
    } finally {
      vi.useRealTimers()
    }
  })
})
