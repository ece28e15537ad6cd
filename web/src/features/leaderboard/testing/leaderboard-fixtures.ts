// A fake leaderboard backend for the page tests: boards of made-up players, paged like the real one
// (by 50 unless a test asks for smaller pages, which keeps multi-page tests quick to render), with
// every request recorded.
import { http, HttpResponse } from 'msw'
import { act } from '@testing-library/react'
import { vi } from 'vitest'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'

export const SEASONS = [
  { id: 2, name: 'S2 2026', startsAt: 1767225600, endsAt: null, current: true },
  { id: 1, name: 'S1 2025', startsAt: 1735689600, endsAt: 1767225599, current: false },
]

/** A player record as the backend sends it; name `${label}-${position}`. */
export function playerJson(label: string, position: number, overrides: Record<string, unknown> = {}) {
  return {
    steamid: String(76561198000000000n + BigInt(position)),
    nickname: `${label}-${position}`,
    avatar_url: `https://avatars.example.com/${position}.jpg`,
    usergroup: [],
    rank: position,
    position,
    kills: 10_000 - position,
    deaths: 100,
    headshots: 5_000,
    playtime: 600,
    wins: 30,
    loses: 10,
    rifle_kills: 4_000,
    awp_kills: 500,
    pistol_kills: 1_200,
    clutches: 20,
    clutchwins: 5,
    ...overrides,
  }
}

export interface BoardRequest {
  mode: string
  page: number
  usergroup: string | null
  season: string | null
}

type Answer = 'error' | { delay: Promise<void> } | undefined

interface BoardOptions {
  seasons?: unknown[] | 'error'
  /** Players on a board (every filter and season alike); 20 unless told. */
  total?: number
  /** Players per page; the real 50 unless told. */
  pageSize?: number
  /** Per list request: 'error' for a 500, a promise to hold the answer back until it settles. */
  listAnswer?: (request: BoardRequest) => Answer
  top?: 'error'
  /** The user endpoint's entries (each with its mode), or 'error'. */
  user?: unknown[] | 'error'
  /** Changes to the record at a place in any list or top five. */
  playerOverrides?: (position: number) => Record<string, unknown>
}

/** The label players of a list are named with: the filter if any, else the mode. */
export function labelOf({ mode, usergroup }: { mode: string; usergroup: string | null }): string {
  return usergroup ? usergroup.replace(/,/g, '+') : mode
}

export function serveLeaderboard({
  seasons = SEASONS,
  total = 20,
  pageSize = 50,
  listAnswer,
  top,
  user = [],
  playerOverrides = () => ({}),
}: BoardOptions = {}) {
  const calls = {
    list: [] as BoardRequest[],
    top: [] as { mode: string; season: string | null }[],
    user: [] as { steamId: string; season: string | null }[],
  }
  server.use(
    http.get('/api/leaderboard/seasons', () =>
      seasons === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json(seasons),
    ),
    http.get('/api/leaderboard/user/:steamId', ({ params, request }) => {
      calls.user.push({ steamId: String(params.steamId), season: new URL(request.url).searchParams.get('season') })
      return user === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json({ data: user, season: null })
    }),
    http.get('/api/leaderboard/:mode/top', ({ params, request }) => {
      const mode = String(params.mode)
      calls.top.push({ mode, season: new URL(request.url).searchParams.get('season') })
      if (top === 'error') return apiError(500, 'INTERNAL_ERROR')
      const players = Array.from({ length: Math.min(5, total) }, (_, i) => playerJson(mode, i + 1, playerOverrides(i + 1)))
      return HttpResponse.json({ data: players, season: null, rankedAt: 0, total })
    }),
    http.get('/api/leaderboard/:mode', async ({ params, request }) => {
      const query = new URL(request.url).searchParams
      const board: BoardRequest = {
        mode: String(params.mode),
        page: Number(query.get('page')),
        usergroup: query.get('usergroup'),
        season: query.get('season'),
      }
      calls.list.push(board)
      const answer = listAnswer?.(board)
      if (answer === 'error') return apiError(500, 'INTERNAL_ERROR')
      if (answer) await answer.delay
      const label = labelOf(board)
      const first = (board.page - 1) * pageSize + 1
      const count = Math.max(0, Math.min(pageSize, total - first + 1))
      const data = Array.from({ length: count }, (_, i) => {
        const position = first + i
        // Within a filter the overall rank differs from the place in the list.
        return playerJson(label, position, { rank: board.usergroup ? position * 7 : position, ...playerOverrides(position) })
      })
      return HttpResponse.json({
        data,
        page: board.page,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
        season: null,
        rankedAt: 0,
      })
    }),
  )
  return calls
}

/** A promise the test settles by hand. */
export function deferred() {
  let release: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

interface FakeObserver {
  callback: IntersectionObserverCallback
  targets: Element[]
  live: boolean
}

/**
 * Replaces IntersectionObserver (jsdom has none) with one the test drives. `scrollMarker(true)`
 * puts the observed element in view, `scrollMarker(false)` out of it; like the real one, an
 * observer reports the current state as soon as it starts observing.
 */
export function installIntersectionObserver() {
  const observers: FakeObserver[] = []
  const options: (IntersectionObserverInit | undefined)[] = []
  let inView = false
  const report = (observer: FakeObserver, targets: Element[]) =>
    observer.callback(
      targets.map((target) => ({ target, isIntersecting: inView, intersectionRatio: inView ? 1 : 0 }) as IntersectionObserverEntry),
      observer as unknown as IntersectionObserver,
    )

  class FakeIntersectionObserver {
    private readonly entry: FakeObserver
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      this.entry = { callback, targets: [], live: true }
      observers.push(this.entry)
      options.push(init)
    }
    observe(target: Element) {
      this.entry.targets.push(target)
      report(this.entry, [target])
    }
    unobserve(target: Element) {
      this.entry.targets = this.entry.targets.filter((t) => t !== target)
    }
    disconnect() {
      this.entry.live = false
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  return {
    options,
    /** The layout moved the marker, but no observer has reported it yet (they do a frame later). */
    moveMarkerUnreported(visible: boolean) {
      inView = visible
    },
    scrollMarker(visible: boolean) {
      inView = visible
      act(() => {
        for (const observer of observers.filter((o) => o.live)) report(observer, observer.targets)
      })
    },
  }
}
