import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import i18next from 'i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { browser } from '@/lib/browser'
import { SESSION_STORAGE_KEYS } from '@/lib/storage'
import { ALICE, captureAuthLog, jwtExpiringIn } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'
import { serveDashboard } from '@/features/console/testing/dashboard-fixtures'
import { signInAs } from '@/lib/console/testing/console-fixtures'

beforeAll(preloadAuthChunks)

describe('the console shell', () => {
  it('asks a visitor to log in and shows nothing of the console', async () => {
    let asked = false
    server.use(http.get('/api/console/dashboard', () => ((asked = true), HttpResponse.json({}))))
    await renderApp('/console')
    const refusal = await screen.findByTestId('console-refusal')
    expect(within(refusal).getByRole('heading', { name: '请先登录' })).toBeInTheDocument()
    expect(within(refusal).getByRole('button', { name: '登录' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: '控制台导航' })).not.toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it("remembers the console page for a Steam login started there (its own button or the header's), not elsewhere", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { user } = await renderApp('/console/people?q=bob')
    await user.click(within(await screen.findByTestId('console-refusal')).getByRole('button', { name: '登录' }))
    const dialog = await screen.findByRole('dialog', { name: '登录' })
    await user.click(within(dialog).getByRole('button', { name: '通过 Steam 登录' }))
    expect(assign).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBe('/console/people?q=bob')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    sessionStorage.clear()
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: '登录' }))
    await user.click(within(await screen.findByRole('dialog', { name: '登录' })).getByRole('button', { name: '通过 Steam 登录' }))
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBe('/console/people?q=bob')
  })

  it('reloads onto the console page after an e-mail login started there', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {})
    captureAuthLog()
    server.use(
      http.post('/api/auth/email/login', () =>
        HttpResponse.json({ needsSteamBinding: false, token: jwtExpiringIn(3600), steamId: ALICE.steamId, username: 'alice' }),
      ),
    )
    const { user } = await renderApp('/console/orders?q=o_1')
    await user.click(within(await screen.findByTestId('console-refusal')).getByRole('button', { name: '登录' }))
    await user.click(within(await screen.findByRole('dialog', { name: '登录' })).getByRole('button', { name: '邮箱登录' }))
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com')
    await user.type(screen.getByLabelText('密码'), 'secret123{Enter}')
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/console/orders?q=o_1'))
  })

  it('lets a Steam login started on another page land on / as before', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {})
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, '/console')
    const { user } = await renderApp('/vip')
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: '登录' }))
    await user.click(within(await screen.findByRole('dialog', { name: '登录' })).getByRole('button', { name: '通过 Steam 登录' }))
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBeNull()
  })

  it('refuses a logged-in player who is not an operator', async () => {
    signInAs({ operator: false })
    await renderApp('/console/people')
    const refusal = await screen.findByTestId('console-refusal')
    expect(within(refusal).getByRole('heading', { name: '无权访问' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: '控制台导航' })).not.toBeInTheDocument()
  })

  it('shows an operator the navigation and the dashboard', async () => {
    signInAs()
    serveDashboard()
    const { user } = await renderApp('/console')
    const nav = await screen.findByRole('navigation', { name: '控制台导航' })
    expect(within(nav).getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('在线玩家').nextSibling).toHaveTextContent('42'))
    expect(screen.getByRole('img', { name: /最低 10，最高 42，当前 42/ })).toBeInTheDocument()
    expect(screen.getByText('¥30.00')).toBeInTheDocument()
    // The operator's account menu leads here.
    await user.click(screen.getByRole('button', { name: '账号菜单（alice）' }))
    expect(await screen.findByRole('menuitem', { name: '运营控制台' })).toHaveAttribute('href', '/console')
  })

  it('speaks English', async () => {
    await i18next.changeLanguage('en')
    signInAs()
    serveDashboard()
    await renderApp('/console')
    const nav = await screen.findByRole('navigation', { name: 'Console navigation' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
    expect(await screen.findByText('Players online')).toBeInTheDocument()
  })

  it('offers no console entry to a player', async () => {
    signInAs({ operator: false })
    const { user } = await renderApp('/vip')
    await waitFor(() => expect(screen.getAllByTestId('tier-badge')[0]).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: '账号菜单（alice）' }))
    await screen.findByRole('menuitem', { name: '退出登录' })
    expect(screen.queryByRole('menuitem', { name: '运营控制台' })).not.toBeInTheDocument()
  })

  it('shows a failed dashboard with the error text and a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signInAs()
    let calls = 0
    server.use(
      http.get('/api/console/dashboard', () => {
        calls++
        return HttpResponse.json({ error: 'FORBIDDEN', message: 'Forbidden', details: {} }, { status: 403 })
      }),
    )
    const { user } = await renderApp('/console')
    expect(await screen.findByRole('alert')).toHaveTextContent('只有运营人员可以执行此操作')
    await user.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(calls).toBe(2))
  })
})
