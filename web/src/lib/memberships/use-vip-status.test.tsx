import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { getSessionUser, logout, startSession } from '@/lib/session'
import { ALICE, apiError, jwtExpiringIn } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { useAnnounceVipStatus, useVipStatus } from './use-vip-status'
import { emitVipStatusChanged, VIP_STATUS_CHANGED_EVENT, vipStatusKeys, type VipStatus } from './vip-status'
import { VipStatusSync } from './vip-status-sync'

const BOB = '76561198000000002'

type Answer = { type: string; expireDate?: string | null } | 'error'

/** GET /api/auth/vip-status/{steamId}: answers `answer()` at the time of the call; records every call. */
function serveStatus(answer: () => Answer) {
  const calls: string[] = []
  server.use(
    http.get('/api/auth/vip-status/:steamId', ({ params }) => {
      const steamId = String(params.steamId)
      calls.push(steamId)
      const now = answer()
      if (now === 'error') return apiError(500, 'INTERNAL_ERROR')
      return HttpResponse.json({ steamId, expireDate: null, vipExpireDate: null, groups: [], ...now })
    }),
  )
  return calls
}

interface ReaderProps {
  name: string
  steamId: string | null | undefined
  refetchOnStart?: boolean
}

/** Shows what `useVipStatus` returns, under the test id `name`. */
function Reader({ name, steamId, refetchOnStart }: ReaderProps) {
  const status = useVipStatus(steamId, { refetchOnStart })
  return <p data-testid={name}>{status ? `${status.type} ${status.expireDate ?? '-'}` : 'unknown'}</p>
}

/** Renders `children` as the app does: under one query client, with `VipStatusSync` mounted. */
function renderWith(children: ReactNode) {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  const tree = (content: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <VipStatusSync />
      {content}
    </QueryClientProvider>
  )
  const view = render(tree(children))
  return { queryClient, rerender: (next: ReactNode) => view.rerender(tree(next)) }
}

const shown = (name: string) => screen.getByTestId(name)

/** Lets the query cache's batched notifications (a 0 ms timer) reach the readers. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

afterEach(() => {
  if (getSessionUser()) act(() => logout())
})

describe('useVipStatus', () => {
  it('two readers of one account share one request', async () => {
    const calls = serveStatus(() => ({ type: 'vip', expireDate: '2026-12-31' }))
    renderWith(
      <>
        <Reader name="header" steamId={ALICE.steamId} />
        <Reader name="page" steamId={ALICE.steamId} />
      </>,
    )
    await waitFor(() => expect(shown('header')).toHaveTextContent('vip 2026-12-31'))
    await waitFor(() => expect(shown('page')).toHaveTextContent('vip 2026-12-31'))
    expect(calls).toEqual([ALICE.steamId])
  })

  it('a reader mounted later reuses the fetched status within the stale time', async () => {
    const calls = serveStatus(() => ({ type: 'pro' }))
    const { rerender } = renderWith(<Reader name="header" steamId={ALICE.steamId} />)
    await waitFor(() => expect(shown('header')).toHaveTextContent('pro'))
    rerender(
      <>
        <Reader name="header" steamId={ALICE.steamId} />
        <Reader name="later" steamId={ALICE.steamId} />
      </>,
    )
    expect(shown('later')).toHaveTextContent('pro')
    await settle()
    expect(calls).toEqual([ALICE.steamId])
  })

  it.each([null, undefined, ''])('asks nothing without a steamId (%j)', async (steamId) => {
    const calls = serveStatus(() => ({ type: 'vip' }))
    const { queryClient } = renderWith(<Reader name="nobody" steamId={steamId} />)
    await settle()
    expect(shown('nobody')).toHaveTextContent('unknown')
    expect(calls).toEqual([])
    expect(queryClient.isFetching()).toBe(0)
  })

  it('each account has its own status', async () => {
    const calls = serveStatus(() => ({ type: 'none' }))
    server.use(
      http.get(`/api/auth/vip-status/${BOB}`, () => {
        calls.push(BOB)
        return HttpResponse.json({ steamId: BOB, type: 'kol', expireDate: null })
      }),
    )
    renderWith(
      <>
        <Reader name="alice" steamId={ALICE.steamId} />
        <Reader name="bob" steamId={BOB} />
      </>,
    )
    await waitFor(() => expect(shown('bob')).toHaveTextContent('kol'))
    await waitFor(() => expect(shown('alice')).toHaveTextContent('none'))
    expect([...calls].sort()).toEqual([ALICE.steamId, BOB])
  })

  it('a failure is logged and reads as no tier; a blank type is no tier too', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveStatus(() => 'error')
    server.use(http.get(`/api/auth/vip-status/${BOB}`, () => HttpResponse.json({ steamId: BOB, type: '' })))
    renderWith(
      <>
        <Reader name="alice" steamId={ALICE.steamId} />
        <Reader name="bob" steamId={BOB} />
      </>,
    )
    await waitFor(() => expect(shown('alice')).toHaveTextContent('none -'))
    await waitFor(() => expect(shown('bob')).toHaveTextContent('none -'))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('Failed to fetch VIP status', expect.anything())
  })

  it('asks again on every start when told to, joining a request already under way', async () => {
    let type = 'none'
    const calls = serveStatus(() => ({ type }))
    const dialog = (steamId: string | null) => <Reader name="dialog" steamId={steamId} refetchOnStart />
    const { rerender } = renderWith(dialog(ALICE.steamId))
    await waitFor(() => expect(shown('dialog')).toHaveTextContent('none'))
    // The query's own request and the fresh one asked for on start are one.
    expect(calls).toEqual([ALICE.steamId])

    rerender(dialog(null))
    type = 'vip'
    rerender(dialog(ALICE.steamId))
    // The cached status shows until the fresh one arrives.
    expect(shown('dialog')).toHaveTextContent('none')
    await waitFor(() => expect(shown('dialog')).toHaveTextContent('vip'))
    expect(calls).toEqual([ALICE.steamId, ALICE.steamId])
  })
})

describe('vipStatusChanged', () => {
  it('an event carrying a status replaces the cached one of its account, without a request', async () => {
    const calls = serveStatus(() => ({ type: 'none' }))
    renderWith(
      <>
        <Reader name="header" steamId={ALICE.steamId} />
        <Reader name="page" steamId={ALICE.steamId} />
      </>,
    )
    await waitFor(() => expect(shown('header')).toHaveTextContent('none'))
    act(() => emitVipStatusChanged({ steamId: ALICE.steamId, type: 'vip', expireDate: '2026-03-01' }))
    await waitFor(() => expect(shown('header')).toHaveTextContent('vip 2026-03-01'))
    await waitFor(() => expect(shown('page')).toHaveTextContent('vip 2026-03-01'))
    // Another account's status does not touch this one.
    act(() => emitVipStatusChanged({ steamId: BOB, type: 'op', expireDate: null }))
    await settle()
    expect(shown('header')).toHaveTextContent('vip 2026-03-01')
    expect(calls).toEqual([ALICE.steamId])
  })

  it("a status naming no account is the logged-in user's", async () => {
    act(() => startSession({ user: ALICE, token: jwtExpiringIn(3600) }))
    serveStatus(() => ({ type: 'none' }))
    renderWith(<Reader name="header" steamId={ALICE.steamId} />)
    await waitFor(() => expect(shown('header')).toHaveTextContent('none'))
    act(() => emitVipStatusChanged({ type: 'pro', expireDate: null }))
    await waitFor(() => expect(shown('header')).toHaveTextContent('pro'))
  })

  it('an event without a usable status refetches: one request for all the readers', async () => {
    let type = 'none'
    const calls = serveStatus(() => ({ type }))
    renderWith(
      <>
        <Reader name="header" steamId={ALICE.steamId} />
        <Reader name="page" steamId={ALICE.steamId} />
      </>,
    )
    await waitFor(() => expect(shown('header')).toHaveTextContent('none'))
    type = 'pro'
    act(() => {
      window.dispatchEvent(new CustomEvent(VIP_STATUS_CHANGED_EVENT))
    })
    await waitFor(() => expect(shown('header')).toHaveTextContent('pro'))
    await waitFor(() => expect(shown('page')).toHaveTextContent('pro'))
    expect(calls).toEqual([ALICE.steamId, ALICE.steamId])
  })

  it('useAnnounceVipStatus fetches afresh, updates every reader and announces the status', async () => {
    let type = 'none'
    const calls = serveStatus(() => ({ type, expireDate: type === 'vip' ? '2027-01-01' : null }))
    const seen: VipStatus[] = []
    const listener = (event: Event) => seen.push((event as CustomEvent<VipStatus>).detail)
    window.addEventListener(VIP_STATUS_CHANGED_EVENT, listener)
    const results: VipStatus[] = []
    function Announcer() {
      const announce = useAnnounceVipStatus()
      return (
        <button type="button" onClick={() => void announce(ALICE.steamId).then((status) => results.push(status))}>
          announce
        </button>
      )
    }
    try {
      renderWith(
        <>
          <Reader name="header" steamId={ALICE.steamId} />
          <Announcer />
        </>,
      )
      await waitFor(() => expect(shown('header')).toHaveTextContent('none'))
      type = 'vip'
      fireEvent.click(screen.getByRole('button', { name: 'announce' }))
      await waitFor(() => expect(results).toHaveLength(1))
      const [result] = results
      expect(result).toMatchObject({ steamId: ALICE.steamId, type: 'vip', expireDate: '2027-01-01' })
      expect(seen).toEqual([result])
      await waitFor(() => expect(shown('header')).toHaveTextContent('vip 2027-01-01'))
      expect(calls).toEqual([ALICE.steamId, ALICE.steamId])
    } finally {
      window.removeEventListener(VIP_STATUS_CHANGED_EVENT, listener)
    }
  })
})

describe('login and logout', () => {
  it('drop every cached status, so the next reader asks afresh', async () => {
    let type = 'vip'
    const calls = serveStatus(() => ({ type }))
    act(() => startSession({ user: ALICE, token: jwtExpiringIn(3600) }))
    const header = (steamId: string | null) => <Reader name="header" steamId={steamId} />
    const { rerender, queryClient } = renderWith(header(ALICE.steamId))
    await waitFor(() => expect(shown('header')).toHaveTextContent('vip'))

    act(() => logout())
    rerender(header(null))
    expect(queryClient.getQueryData(vipStatusKeys.status(ALICE.steamId))).toBeUndefined()

    // Within the stale time, a new login still asks.
    type = 'none'
    act(() => startSession({ user: ALICE, token: jwtExpiringIn(3600) }))
    rerender(header(ALICE.steamId))
    await waitFor(() => expect(shown('header')).toHaveTextContent('none'))
    expect(calls).toEqual([ALICE.steamId, ALICE.steamId])
  })
})
