import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QUICK_JOIN_DELAY_MS } from '@/lib/constants'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/server-fixtures'

const list = [
  serverJson({ ip: '1.1.1.1', name: 'DM roomy', players: '2/10', category: 'deathmatch' }),
  serverJson({ ip: '2.2.2.2', name: 'DM four left', players: '8/12', players_max: 12, category: 'pistol dm' }),
  serverJson({ ip: '3.3.3.3', name: 'DM one left', players: '9/10', category: 'deathmatch' }),
  serverJson({ ip: '4.4.4.4', name: 'Retakes full', players: '9/10', category: 'retakes' }),
  serverJson({ ip: '5.5.5.5', name: 'Duel offline', players: '0/2', players_max: 2, category: 'solo 1v1', open: 0 }),
]

function serve({ vip }: { vip?: 'vip' | 'none' | 'error' } = {}) {
  const vipCalls: string[] = []
  server.use(
    http.get('/api/servers', () => HttpResponse.json(list)),
    http.get('/api/auth/vip-status/:steamId', ({ params }) => {
      vipCalls.push(String(params.steamId))
      return vip === 'error'
        ? HttpResponse.json({ error: 'INTERNAL_ERROR' }, { status: 500 })
        : HttpResponse.json({ type: vip ?? 'none', expireDate: null })
    }),
  )
  return vipCalls
}


async function openQuickJoin() {
  const rendered = await renderApp('/servers')
  await screen.findByRole('button', { name: '查看 DM roomy 的在线玩家' })
  await rendered.user.click(screen.getByRole('button', { name: '快速加入' }))
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: '快速加入' }) }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('quick join', () => {
  it('counts only the servers quick join may choose (online, enough free slots) and disables categories without any', async () => {
    serve()
    const { dialog } = await openQuickJoin()
    // DM roomy and DM four left have 4+ free slots; DM one left has 1 (a member could take it).
    expect(within(dialog).getByRole('button', { name: /死亡竞赛/ })).toBeEnabled()
    expect(within(dialog).getByRole('button', { name: /死亡竞赛/ })).toHaveTextContent('2 台服务器')
    // Retakes full (1 free slot) and Duel offline: nothing to join, so no "no servers available" later.
    expect(within(dialog).getByRole('button', { name: /回防/ })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: /回防/ })).toHaveTextContent('暂无服务器')
    expect(within(dialog).getByRole('button', { name: /1v1 单挑/ })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: /公共服务器/ })).toBeDisabled()
    expect(within(dialog).getByText('需要至少 4 个空位')).toBeInTheDocument()
  })

  it('waits 500 ms, then offers the server with the fewest sufficient free slots (4 for non-members)', async () => {
    const vipCalls = serve()
    const { dialog } = await openQuickJoin()
    // The 500 ms on a faked clock: exact, however loaded the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    await user.click(within(dialog).getByRole('button', { name: /死亡竞赛/ }))
    expect(within(dialog).getByText('正在为你寻找服务器…')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(QUICK_JOIN_DELAY_MS - 1))
    expect(within(dialog).getByText('正在为你寻找服务器…')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    const found = within(dialog).getByRole('region', { name: '为你找到了一台服务器' })
    expect(found).toHaveTextContent('DM four left')
    expect(within(found).getByRole('link', { name: '加入游戏' })).toHaveAttribute('href', 'steam://connect/2.2.2.2:27015')
    await user.click(within(found).getByRole('button', { name: '复制连接命令' }))
    await expect(navigator.clipboard.readText()).resolves.toBe('connect 2.2.2.2:27015')
    // No stored user: the VIP status is not asked for.
    expect(vipCalls).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: '返回选择' }))
    expect(within(dialog).getByRole('button', { name: /死亡竞赛/ })).toBeInTheDocument()
  })

  it('a member (VIP status type not none) needs one free slot', async () => {
    storeSession()
    const vipCalls = serve({ vip: 'vip' })
    const { user, dialog } = await openQuickJoin()
    await waitFor(() => expect(within(dialog).getByText('需要至少 1 个空位')).toBeInTheDocument())
    // The header's tier badge asks for the same status; every lookup is for the logged-in user.
    expect(new Set(vipCalls)).toEqual(new Set([ALICE.steamId]))
    await user.click(within(dialog).getByRole('button', { name: /死亡竞赛/ }))
    expect(await within(dialog).findByRole('region')).toHaveTextContent('DM one left')
  })

  it('treats a VIP status failure as none', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storeSession()
    const vipCalls = serve({ vip: 'error' })
    const { user, dialog } = await openQuickJoin()
    await waitFor(() => expect(vipCalls.length).toBeGreaterThan(0))
    expect(within(dialog).getByText('需要至少 4 个空位')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /死亡竞赛/ }))
    expect(await within(dialog).findByRole('region')).toHaveTextContent('DM four left')
    expect(warn).toHaveBeenCalledWith('Failed to fetch VIP status', expect.anything())
    error.mockRestore()
  })

  it('asks for the VIP status afresh each time the modal opens, though the header has it', async () => {
    storeSession()
    const vipCalls = serve({ vip: 'vip' })
    const { user } = await renderApp('/servers')
    await waitFor(() => expect(screen.getAllByTestId('tier-badge')[0]).toHaveTextContent('VIP'))
    expect(vipCalls).toEqual([ALICE.steamId])
    for (const calls of [2, 3]) {
      await user.click(screen.getByRole('button', { name: '快速加入' }))
      const dialog = await screen.findByRole('dialog', { name: '快速加入' })
      await waitFor(() => expect(vipCalls).toHaveLength(calls))
      expect(within(dialog).getByText('需要至少 1 个空位')).toBeInTheDocument()
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    }
    expect(new Set(vipCalls)).toEqual(new Set([ALICE.steamId]))
  })

  it('skips the VIP lookup when the stored user has no valid login session', async () => {
    // A user left behind without a login token is logged out on load.
    storeSession({ token: null })
    const vipCalls = serve({ vip: 'vip' })
    const { dialog } = await openQuickJoin()
    expect(within(dialog).getByText('需要至少 4 个空位')).toBeInTheDocument()
    expect(vipCalls).toEqual([])
  })

  it('a member counts servers with one free slot; closing resets', async () => {
    storeSession()
    serve({ vip: 'vip' })
    const { user, dialog } = await openQuickJoin()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /死亡竞赛/ })).toHaveTextContent('3 台服务器'))
    expect(within(dialog).getByRole('button', { name: /回防/ })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: /回防/ }))
    expect(await within(dialog).findByRole('region')).toHaveTextContent('Retakes full')

    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: '快速加入' }))
    const reopened = await screen.findByRole('dialog', { name: '快速加入' })
    expect(within(reopened).getByRole('button', { name: /死亡竞赛/ })).toBeInTheDocument()
  })
})
