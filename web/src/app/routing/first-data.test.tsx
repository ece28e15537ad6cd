// The first visit's early data request (first-data.ts, started by main.tsx beside /api/config): the
// page mounted after it renders from it and does not ask again, whether it mounts while the request
// is under way or after it has answered; a failure shows on the page as it does without it.
import { cleanup, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { serveAnnouncement } from '@/features/announcement/testing/announcement-fixtures'
import { CATALOGUE, serveCommands } from '@/features/content/testing/commands-fixtures'
import { FAQS, serveFaqs } from '@/features/faq/testing/faq-fixtures'
import { serveLeaderboard } from '@/features/leaderboard/testing/leaderboard-fixtures'
import { listedNames, settled, topCardNames } from '@/features/leaderboard/testing/screen-queries'
import { serverJson } from '@/features/servers/testing/server-fixtures'
import { deferred, servePrivileges, SORTED_CONTENTS } from '@/features/vip/testing/vip-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

// Lazy chunks imported the first time inside a test can take longer than a waitFor waits (the early
// requests of pages other than the server list come in chunks of their own too).
beforeAll(async () => {
  await Promise.all([
    import('@/features/servers/components/servers-area'),
    import('@/features/leaderboard/components/leaderboard-page'),
    import('./pracc-route'),
    import('@/features/vip/components/vip-page'),
    import('@/features/faq/components/faq-page'),
    import('./first-data-leaderboard'),
  ])
})

/** Serves GET /api/servers (held back until `gate` settles, when given) and counts the requests. */
function serveServers(answer: Record<string, unknown>[] | 'error', gate?: Promise<void>) {
  const calls: string[] = []
  server.use(
    http.get('/api/servers', async ({ request }) => {
      calls.push(new URL(request.url).search)
      if (gate) await gate
      return answer === 'error'
        ? HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'boom', details: {} }, { status: 500 })
        : HttpResponse.json(answer)
    }),
  )
  return calls
}

const SERVERS = [
  serverJson({ ip: '1.1.1.1', name: 'Busy DM', players: '9/12', players_max: 12, category: 'deathmatch' }),
  serverJson({ ip: '2.2.2.2', name: 'Empty public', players: '0/10', category: 'public' }),
]

const rowNamed = (name: string) => screen.findByRole('button', { name: `查看 ${name} 的在线玩家` })
const listIdle = () =>
  waitFor(() => expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'))

describe('/servers', () => {
  it('a page mounted while the early request is under way waits for it instead of asking again', async () => {
    const gate = deferred()
    const calls = serveServers(SERVERS, gate.promise)
    await renderApp('/servers', { firstData: 'with-render' })
    // The page is up, its list still loading: the request it waits for is the early one.
    expect(await screen.findByRole('table')).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    gate.release()
    expect(await rowNamed('Busy DM')).toBeInTheDocument()
    await listIdle()
    expect(calls).toEqual([''])
  })

  it('a page mounted after the early answer renders it at once without asking again', async () => {
    const calls = serveServers(SERVERS)
    await renderApp('/servers', { firstData: 'settled' })
    expect(calls).toHaveLength(1)
    expect(await rowNamed('Empty public')).toBeInTheDocument()
    await listIdle()
    expect(calls).toEqual([''])
  })

  it('the home page is the list too; the details pages under /servers/ start nothing early', async () => {
    const home = serveServers(SERVERS)
    await renderApp('/', { firstData: 'settled' })
    expect(await rowNamed('Busy DM')).toBeInTheDocument()
    expect(home).toEqual([''])
    cleanup()

    const details = serveServers(SERVERS)
    await renderApp('/servers/details/1.1.1.1:27015', { firstData: 'settled' })
    expect(details).toEqual([])
  })

  it('a failed early request shows on the page as a failed first load does without it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveServers('error')
    await renderApp('/servers')
    await listIdle()
    const without = screen.getByRole('main').textContent
    expect(error).toHaveBeenCalledWith('Failed to fetch all servers', expect.anything())
    cleanup()
    error.mockClear()

    const calls = serveServers('error')
    await renderApp('/servers', { firstData: 'settled' })
    await listIdle()
    expect(screen.getByRole('main').textContent).toBe(without)
    expect(error).toHaveBeenCalledWith('Failed to fetch all servers', expect.anything())
    // The page's query tries the failed one again when it mounts, as after any failure.
    await waitFor(() => expect(calls).toHaveLength(2))
  })
})

describe('/leaderboard', () => {
  it('asks for the seasons, then the newest season\'s first page, once each; the page renders them', async () => {
    const calls = serveLeaderboard()
    const seasons: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/leaderboard/seasons') seasons.push(request.url)
    })
    await renderApp('/leaderboard', { firstData: 'with-render', width: 375 })
    await settled()
    expect(listedNames().slice(0, 2)).toEqual(['dm-1', 'dm-2'])
    expect(calls.list).toEqual([{ mode: 'dm', page: 1, usergroup: null, season: '2' }])
    // On a phone there is no top five: nothing asks for it.
    expect(calls.top).toEqual([])
    expect(seasons).toHaveLength(1)
    server.events.removeAllListeners()
  })

  it('takes the season from the URL and, on a desktop, asks for the top five too', async () => {
    const calls = serveLeaderboard()
    await renderApp('/leaderboard?season=all', { firstData: 'settled' })
    expect(calls.list).toHaveLength(1)
    await settled()
    expect(topCardNames()).toEqual(['dm-1', 'dm-2', 'dm-3', 'dm-4', 'dm-5'])
    expect(listedNames().slice(0, 1)).toEqual(['dm-6'])
    expect(calls.list).toEqual([{ mode: 'dm', page: 1, usergroup: null, season: null }])
    expect(calls.top).toEqual([{ mode: 'dm', season: null }])
  })

  it('failed seasons mean all-time, as on the page: the first page is the all-time one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = serveLeaderboard({ seasons: 'error' })
    await renderApp('/leaderboard', { firstData: 'settled', width: 375 })
    await settled()
    expect(listedNames().slice(0, 1)).toEqual(['dm-1'])
    expect(calls.list).toEqual([{ mode: 'dm', page: 1, usergroup: null, season: null }])
  })

  it('a failed early first page shows on the page as a failed first page does without it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveLeaderboard({ listAnswer: () => 'error' })
    await renderApp('/leaderboard?season=all', { width: 375 })
    await settled()
    const without = screen.getByRole('main').textContent
    cleanup()
    errors.mockClear()

    serveLeaderboard({ listAnswer: () => 'error' })
    await renderApp('/leaderboard?season=all', { firstData: 'settled', width: 375 })
    await settled()
    expect(screen.getByRole('main').textContent).toBe(without)
    expect(screen.getByText('暂无玩家数据')).toBeInTheDocument()
    expect(errors).toHaveBeenCalledWith('Failed to fetch the leaderboard', expect.anything())
  })
})

describe('the other pages', () => {
  it('/pracc: the common commands, once', async () => {
    const calls = serveCommands()
    await renderApp('/pracc', { firstData: 'settled' })
    const first = CATALOGUE[0]!
    expect(await screen.findByText(first.command)).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('/vip: the privileges in the page\'s language, once', async () => {
    const gate = deferred()
    const calls = servePrivileges({ delay: gate.promise })
    await renderApp('/vip', { firstData: 'with-render' })
    gate.release()
    expect((await screen.findAllByText(SORTED_CONTENTS[0]!)).length).toBeGreaterThan(0)
    expect(calls).toEqual([{ language: 'zh' }])
  })

  it('/faq: the questions in the page\'s language, once', async () => {
    const { languages } = serveFaqs()
    await renderApp('/faq', { firstData: 'settled' })
    expect(await screen.findByText(FAQS.zh[0]!.question)).toBeInTheDocument()
    expect(languages).toEqual(['zh'])
  })
})

describe('the header', () => {
  it('the announcement is asked for with the page\'s data, once, and the ticker shows it from its first paint', async () => {
    const languages = serveAnnouncement([{ text: '今晚八点服务器维护', lang: 'zh' }])
    serveFaqs()
    await renderApp('/faq', { firstData: 'settled' })
    // Asked before the app rendered: the ticker never showed the default text.
    expect(languages).toEqual(['zh'])
    expect((await screen.findAllByText('今晚八点服务器维护')).length).toBeGreaterThan(0)
    expect(screen.queryByText('欢迎来到 CS2 社区门户！服务器实时状态一目了然，祝你游戏愉快。')).not.toBeInTheDocument()
    expect(languages).toEqual(['zh'])
  })
})
