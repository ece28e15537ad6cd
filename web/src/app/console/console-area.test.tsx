import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serveDashboard } from '@/features/console/testing/dashboard-fixtures'
import { signInAs } from '@/lib/console/testing/console-fixtures'

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
