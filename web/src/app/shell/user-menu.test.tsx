import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TOKEN_CHECK_INTERVAL_MS } from '@/lib/constants'
import { STORAGE_KEYS } from '@/lib/storage'
import { emitVipStatusChanged } from '@/lib/memberships/vip-status'
import { ALICE, apiError, captureAuthLog, jwtExpiringIn, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

function serveVip(answer: () => Response) {
  server.use(http.get('/api/auth/vip-status/:steamId', answer))
}

const status = (type: string, expireDate: string | null = null) => () =>
  HttpResponse.json({ steamId: ALICE.steamId, type, expireDate, vipExpireDate: null, groups: [] })

const ACCOUNT = '账号菜单（alice）'

describe('header when logged in', () => {
  it('shows the avatar and name instead of the login button', async () => {
    storeSession()
    await renderApp('/vip')
    const trigger = screen.getByRole('button', { name: ACCOUNT })
    expect(trigger).toHaveTextContent('alice')
    expect(trigger.querySelector('img')).toHaveAttribute('src', ALICE.avatar)
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument()
  })

  it('keeps the avatar but hides the name below sm (390 px)', async () => {
    storeSession()
    await renderApp('/vip', { width: 390 })
    const trigger = screen.getByRole('button', { name: ACCOUNT })
    expect(within(trigger).getByText('alice')).toHaveClass('hidden', 'sm:inline')
    expect(trigger.querySelector('img')).toBeInTheDocument()
  })

  it.each([
    ['vip', '2025-12-31', 'VIP 至 2025年12月31日'],
    ['vip', null, 'VIP'],
    ['pro', null, 'PRO'],
    ['kol', '2026-01-01', 'KOL'],
    ['op', null, '管理员'],
  ])('type %s (expireDate %s) shows the badge %s', async (type, expireDate, badge) => {
    storeSession()
    serveVip(status(type, expireDate))
    await renderApp('/vip')
    await waitFor(() => expect(screen.getAllByTestId('tier-badge')[0]).toHaveTextContent(badge))
  })

  it.each([
    ['none', status('none')],
    ['an unknown type', status('gold')],
    ['a failed fetch', () => apiError(500, 'INTERNAL_ERROR')],
  ])('%s shows no badge', async (_, answer) => {
    // A failure is only logged (spec 000 §8: it reads as no tier).
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    storeSession()
    let asked = 0
    server.use(
      http.get('/api/auth/vip-status/:steamId', () => {
        asked++
        return answer()
      }),
    )
    await renderApp('/vip')
    await waitFor(() => expect(asked).toBe(1))
    await act(async () => {})
    expect(screen.queryByTestId('tier-badge')).not.toBeInTheDocument()
  })

  it('updates the badge on a vipStatusChanged event', async () => {
    storeSession()
    serveVip(status('none'))
    await renderApp('/vip')
    await waitFor(() => expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument())
    act(() => emitVipStatusChanged({ steamId: ALICE.steamId, type: 'vip', expireDate: '2026-03-01' }))
    await waitFor(() => expect(screen.getByTestId('tier-badge')).toHaveTextContent('VIP 至 2026年3月1日'))
    // Another account's status is not ours.
    act(() => emitVipStatusChanged({ steamId: '76561198999999999', type: 'op', expireDate: null }))
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('VIP 至 2026年3月1日')
  })

  it('refetches on a vipStatusChanged event without a usable status', async () => {
    storeSession()
    let type = 'none'
    serveVip(() => status(type)())
    await renderApp('/vip')
    await waitFor(() => expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument())
    type = 'pro'
    act(() => {
      window.dispatchEvent(new CustomEvent('vipStatusChanged'))
    })
    await waitFor(() => expect(screen.getByTestId('tier-badge')).toHaveTextContent('PRO'))
  })

  it('logs out only after confirmation; the LOGOUT log carries the token', async () => {
    const log = captureAuthLog()
    const token = storeSession()
    const { user } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: ACCOUNT }))
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }))
    let dialog = await screen.findByRole('dialog', { name: '退出登录' })
    expect(dialog).toHaveAccessibleDescription('确定要退出登录吗？')
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(token)
    expect(log).toEqual([])

    await user.click(screen.getByRole('button', { name: ACCOUNT }))
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }))
    dialog = await screen.findByRole('dialog', { name: '退出登录' })
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument()
    for (const key of [STORAGE_KEYS.user, STORAGE_KEYS.loginToken, STORAGE_KEYS.loginTime]) {
      expect(localStorage.getItem(key)).toBeNull()
    }
    await waitFor(() => expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGOUT', authorization: `Bearer ${token}` }]))
  })

  it('moves focus to the login button once the logout is confirmed', async () => {
    captureAuthLog()
    storeSession()
    const { user } = await renderApp('/vip')
    screen.getByRole('button', { name: ACCOUNT }).focus()
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }))
    const dialog = await screen.findByRole('dialog', { name: '退出登录' })
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const login = screen.getByRole('button', { name: '登录' })
    expect(login).toHaveFocus()
    // Still there once the closed dialog's deferred focus handling (Radix FocusScope's setTimeout 0,
    // scheduled when it unmounted) has run: a 0 ms timer set now runs after it, timers being FIFO.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(login).toHaveFocus()
  })

  it('logs out when an authenticated call reports the login token invalid', async () => {
    const log = captureAuthLog()
    storeSession()
    server.use(http.get('/api/auth/steam/user-info', () => apiError(401, 'INVALID_TOKEN', 'Invalid login token')))
    await renderApp('/vip')
    expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument()
    const { apiClient } = await import('@/lib/api-client')
    await act(async () => {
      await apiClient.get('/api/auth/steam/user-info').catch(() => {})
    })
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument()
    // Only a logout the user confirmed moves focus.
    expect(screen.getByRole('button', { name: '登录' })).not.toHaveFocus()
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
    // The backend already refused the token: no LOGOUT call is made with it.
    expect(log).toEqual([])
  })
})

describe('log out everywhere', () => {
  interface LogoutAllCall {
    authorization: string | null
    body: string
  }

  /** Records every POST /api/auth/logout-all; answers 204 unless told otherwise. */
  function serveLogoutAll(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
    const calls: LogoutAllCall[] = []
    server.use(
      http.post('/api/auth/logout-all', async ({ request }) => {
        calls.push({ authorization: request.headers.get('Authorization'), body: await request.text() })
        return answer()
      }),
    )
    return calls
  }

  /** Opens the account menu and picks the last item, 退出所有设备, with the keyboard only. */
  async function chooseWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
    screen.getByRole('button', { name: ACCOUNT }).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('menu')
    await user.keyboard('{End}')
    expect(await screen.findByRole('menuitem', { name: '退出所有设备' })).toHaveFocus()
    await user.keyboard('{Enter}')
  }

  it('ends every session with the bearer token, then logs out here; focus goes to the login button', async () => {
    const log = captureAuthLog()
    const token = storeSession()
    const calls = serveLogoutAll()
    const { user } = await renderApp('/vip')
    await chooseWithKeyboard(user)

    const login = await screen.findByRole('button', { name: '登录' })
    expect(calls).toEqual([{ authorization: `Bearer ${token}`, body: '' }])
    for (const key of [STORAGE_KEYS.user, STORAGE_KEYS.loginToken, STORAGE_KEYS.loginTime]) {
      expect(localStorage.getItem(key)).toBeNull()
    }
    expect(screen.queryByRole('button', { name: ACCOUNT })).not.toBeInTheDocument()
    await waitFor(() => expect(login).toHaveFocus())
    // The token is revoked by now: no LOGOUT log call is sent with it.
    expect(log).toEqual([])
  })

  it('shows a refusal with its translated text and keeps the session', async () => {
    const token = storeSession()
    const calls = serveLogoutAll(() => apiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests', { retryAfter: 30 }))
    const { user } = await renderApp('/vip')
    await chooseWithKeyboard(user)

    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(token)
    expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument()
  })

  it("shows the server's message for a code without a translation", async () => {
    storeSession()
    serveLogoutAll(() => apiError(503, 'SESSIONS_UNAVAILABLE', 'Sessions store unavailable'))
    const { user } = await renderApp('/vip')
    await chooseWithKeyboard(user)
    expect(await screen.findByText('Sessions store unavailable')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument()
  })

  it('a refused token (401 INVALID_TOKEN) ends the session as any call does, without an error', async () => {
    const log = captureAuthLog()
    storeSession()
    serveLogoutAll(() => apiError(401, 'INVALID_TOKEN', 'Invalid login token'))
    const { user } = await renderApp('/vip')
    await chooseWithKeyboard(user)
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument()
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
    expect(screen.queryByText('Invalid login token')).not.toBeInTheDocument()
    expect(log).toEqual([])
  })

  it('reads "Log out everywhere" in English', async () => {
    storeSession()
    await i18next.changeLanguage('en')
    const { user } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: 'Account menu (alice)' }))
    expect(await screen.findByRole('menuitem', { name: 'Log out everywhere' })).toBeInTheDocument()
  })
})

describe('memberships in the account menu', () => {
  const serveGroups = (type: string, expireDate: string | null, vipExpireDate: string | null, groups: unknown) =>
    serveVip(() => HttpResponse.json({ steamId: ALICE.steamId, type, expireDate, vipExpireDate, groups }))

  async function openMemberships(name = ACCOUNT) {
    const { user } = await renderApp('/vip')
    await user.click(await screen.findByRole('button', { name }))
    const list = await screen.findByTestId('memberships')
    return within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
  }

  it('lists a group and the VIP beside it, each with its end date or permanent', async () => {
    storeSession()
    serveGroups('pro', null, '2025-03-02', [
      { group: 'pro', expireDate: null },
      { group: 'vip', expireDate: '2025-03-02' },
    ])
    expect(await openMemberships()).toEqual(['PRO永久', 'VIP2025年3月2日 到期'])
  })

  it('shows the end of a time-limited op or kol membership', async () => {
    storeSession()
    serveGroups('op', '2025-02-02', null, [
      { group: 'op', expireDate: '2025-02-02' },
      { group: 'kol', expireDate: '2026-01-15' },
    ])
    expect(await openMemberships()).toEqual(['管理员2025年2月2日 到期', 'KOL2026年1月15日 到期'])
  })

  it('formats the dates in English for an English user', async () => {
    storeSession()
    await i18next.changeLanguage('en')
    serveGroups('kol', '2025-12-31', '2025-03-02', [
      { group: 'kol', expireDate: '2025-12-31' },
      { group: 'vip', expireDate: '2025-03-02' },
    ])
    expect(await openMemberships('Account menu (alice)')).toEqual(['KOLUntil Dec 31, 2025', 'VIPUntil Mar 2, 2025'])
  })

  it('derives the list from type and vipExpireDate when the status has no groups', async () => {
    storeSession()
    serveGroups('pro', null, '2025-03-02', 'garbled')
    expect(await openMemberships()).toEqual(['PRO永久', 'VIP2025年3月2日 到期'])
  })

  it('has no membership list without a membership', async () => {
    storeSession()
    serveGroups('none', null, null, [])
    const { user } = await renderApp('/vip')
    await user.click(await screen.findByRole('button', { name: ACCOUNT }))
    expect(await screen.findByRole('menuitem', { name: '退出登录' })).toBeInTheDocument()
    expect(screen.queryByTestId('memberships')).not.toBeInTheDocument()
  })
})

describe('header with fake timers', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('the SteamID64 entry copies the id and says so for 2 s', async () => {
    storeSession()
    await renderApp('/vip')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })

    await user.click(screen.getByRole('button', { name: ACCOUNT }))
    const item = await screen.findByRole('menuitem', { name: /SteamID64/ })
    expect(item).toHaveTextContent(ALICE.steamId)
    expect(item).toHaveTextContent('点击复制')
    await user.click(item)
    await expect(navigator.clipboard.readText()).resolves.toBe(ALICE.steamId)
    // The menu stays open to show the feedback.
    expect(item).toHaveTextContent('已复制')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_900)
    })
    expect(item).toHaveTextContent('已复制')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(item).toHaveTextContent('点击复制')
  })

  it('the 60 s token check logs out once the login token expires', async () => {
    storeSession({ token: jwtExpiringIn(90) })
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
    await renderApp('/vip')
    expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS)
    })
    expect(screen.getByRole('button', { name: ACCOUNT })).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS)
    })
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument()
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })
})
