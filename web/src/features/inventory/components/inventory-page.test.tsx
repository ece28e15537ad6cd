import { act, getConfig, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALICE, apiError, storeSession } from '@/testing/auth-fixtures'
import { configWith } from '@/testing/fixtures'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'
import { deferred, serveInventory, SIGN_IN_TOKEN } from '../testing/inventory-fixtures'

const SIGN_IN_URL = 'https://inventory.example.com/auth/sign-in'
const config = configWith({ links: { inventorySignIn: SIGN_IN_URL } })

// The login dialog is a lazy chunk: load it up front so opening it fits in a findBy* wait.
beforeAll(preloadAuthChunks)
afterEach(() => vi.useRealTimers())

/**
 * Waits for the fake backend while the app's setTimeout is faked: polls inside act on the real
 * setInterval (React renders only inside act then, and waitFor would leave act), so the faked clock
 * stands still. Bounded by the suite's async wait, the same as findBy/waitFor.
 */
async function untilInRealTime(ready: () => boolean) {
  const deadline = Date.now() + getConfig().asyncUtilTimeout
  while (!ready() && Date.now() < deadline) {
    await act(
      () =>
        new Promise<void>((resolve) => {
          const poll = setInterval(() => {
            clearInterval(poll)
            resolve()
          }, 20)
        }),
    )
  }
}

const frame = () => screen.queryByTitle('库存模拟器')
const status = () => screen.queryByRole('status')

describe('inventory, logged out', () => {
  it('shows a blurred placeholder, the login-required message and a login button; nothing is called', async () => {
    const calls = serveInventory()
    const { user } = await renderApp('/inventory', { config })
    expect(screen.getByRole('heading', { level: 1, name: '皮肤换肤' })).toBeInTheDocument()
    const placeholder = screen.getByTestId('inventory-placeholder')
    expect(placeholder).toHaveClass('blur-sm')
    expect(placeholder).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByRole('heading', { level: 2, name: '需要登录' })).toBeInTheDocument()
    // The skin changer works: no stale "coming soon, December 2024" note above it.
    expect(screen.queryByText(/即将推出|预计|2024/)).not.toBeInTheDocument()

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: '登录' }))
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument()
    expect(frame()).toBeNull()
    expect(calls).toEqual([])
  })
})

describe('inventory, logged in', () => {
  it('syncs the profile, signs in, loads the frame 500 ms later and ends the overlay 4 s after that', async () => {
    const token = storeSession()
    const hold = deferred()
    const calls = serveInventory({ signIn: () => ({ token: SIGN_IN_TOKEN, delay: hold.promise }) })
    await renderApp('/inventory', { config })

    expect(status()).toHaveTextContent('正在登录库存…')
    expect(screen.queryByText(/即将推出|预计|2024/)).not.toBeInTheDocument()
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls).toEqual([
      { path: '/api/database/im-update-user', body: { steamid: ALICE.steamId }, authorization: `Bearer ${token}` },
      { path: '/api/auth/inventory/sign-in', body: { steamId: ALICE.steamId }, authorization: `Bearer ${token}` },
    ])

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    hold.release()
    await untilInRealTime(() => status()?.textContent === '正在加载库存…')
    expect(status()).toHaveTextContent('正在加载库存…')
    expect(frame()).toBeNull()
    act(() => vi.advanceTimersByTime(499))
    expect(frame()).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(frame()).toHaveAttribute('src', `${SIGN_IN_URL}?token=${SIGN_IN_TOKEN}`)
    // The overlay still covers the frame.
    expect(frame()).toHaveClass('invisible')
    expect(status()).toHaveTextContent('正在加载库存…')

    act(() => vi.advanceTimersByTime(3_999))
    expect(status()).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(status()).not.toBeInTheDocument()
    expect(frame()).not.toHaveClass('invisible')
    expect(frame()).toHaveAttribute('src', `${SIGN_IN_URL}?token=${SIGN_IN_TOKEN}`)
    expect(calls).toHaveLength(2)
  })

  it('falls back to the inventory link when no sign-in link is configured', async () => {
    storeSession()
    serveInventory()
    await renderApp('/inventory', { config: configWith({ links: { inventory: 'https://inventory.example.com/' } }) })
    expect(await screen.findByTitle('库存模拟器')).toHaveAttribute(
      'src',
      `https://inventory.example.com/?token=${SIGN_IN_TOKEN}`,
    )
  })

  it('says so when no inventory site is configured, without calling anything', async () => {
    storeSession()
    const calls = serveInventory()
    await renderApp('/inventory', { config: configWith({ links: { inventory: '' } }) })
    expect(await screen.findByRole('alert')).toHaveTextContent('库存站点尚未配置，请联系管理员。')
    expect(calls).toEqual([])
  })

  it('asks for a Steam binding first when the account has no Steam id, without calling anything', async () => {
    storeSession({ user: { ...ALICE, steamId: '' } })
    const calls = serveInventory()
    await renderApp('/inventory', { config })
    expect(await screen.findByRole('alert')).toHaveTextContent('请先绑定 Steam 账号，再打开库存')
    expect(calls).toEqual([])
  })

  it('signs in even when the profile sync fails (logged as a warning)', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storeSession()
    const calls = serveInventory({ sync: () => apiError(500, 'INTERNAL_ERROR') })
    await renderApp('/inventory', { config })
    expect(await screen.findByTitle('库存模拟器')).toBeInTheDocument()
    expect(calls.map((call) => call.path)).toEqual(['/api/database/im-update-user', '/api/auth/inventory/sign-in'])
    expect(warned).toHaveBeenCalled()
  })

  it.each([
    ['a translated code of its own', () => apiError(409, 'STEAM_NOT_BOUND', 'Bind Steam first'), '请先绑定 Steam 账号，再打开库存'],
    ['a common code', () => apiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests'), '请求过于频繁，请稍后再试'],
    ['an unknown code, by its message', () => apiError(503, 'INVENTORY_DOWN', 'Inventory site unavailable'), 'Inventory site unavailable'],
    ['no error body', () => new HttpResponse('Bad gateway', { status: 502 }), '登录库存失败，请稍后再试'],
    ['a network failure', () => HttpResponse.error(), '登录库存失败，请稍后再试'],
  ])('shows the server error text, else loginError: %s', async (_name, answer, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    serveInventory({ signIn: () => answer() })
    await renderApp('/inventory', { config })
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(frame()).toBeNull()
  })

  it('tries again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession()
    const calls = serveInventory({
      signIn: (call) => (call === 1 ? apiError(500, 'INTERNAL_ERROR', 'boom') : { token: SIGN_IN_TOKEN }),
    })
    const { user } = await renderApp('/inventory', { config })
    const alert = await screen.findByRole('alert')
    await user.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByTitle('库存模拟器')).toBeInTheDocument()
    expect(calls.map((call) => call.path)).toEqual([
      '/api/database/im-update-user',
      '/api/auth/inventory/sign-in',
      '/api/database/im-update-user',
      '/api/auth/inventory/sign-in',
    ])
  })

  it('stays signed in while hidden on other routes (keep-alive) and resets on logout', async () => {
    storeSession()
    const calls = serveInventory()
    const { user, location } = await renderApp('/inventory', { config })
    const signedIn = await screen.findByTitle('库存模拟器')

    await user.click(screen.getByRole('link', { name: '常见问题' }))
    expect(location().pathname).toBe('/faq')
    expect(signedIn).toBeInTheDocument()
    expect(signedIn).not.toBeVisible()
    await user.click(screen.getByRole('link', { name: '皮肤换肤' }))
    expect(screen.getByTitle('库存模拟器')).toBe(signedIn)
    expect(calls).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: /^账号菜单/ }))
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }))
    await user.click(within(await screen.findByRole('dialog', { name: '退出登录' })).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(frame()).toBeNull())
    expect(screen.getByRole('heading', { level: 2, name: '需要登录' })).toBeInTheDocument()
  })
})
