import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { browser } from '@/lib/browser'
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage'
import { ALICE, apiError, captureAuthLog, jwtExpiringIn } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

async function openDialog(path = '/vip', width = 1280) {
  const rendered = await renderApp(path, { width })
  await rendered.user.click(screen.getByRole('button', { name: '登录' }))
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: '登录' }) }
}

function answerLogin(answer: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/auth/email/login', async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

describe('login dialog views', () => {
  it('moves between the views and back: sub-views → e-mail login → main', async () => {
    const { user } = await openDialog()
    const dialog = () => screen.getByRole('dialog')

    // main offers Steam and e-mail; focus starts on the Steam choice.
    expect(within(dialog()).getByRole('button', { name: '通过 Steam 登录' })).toHaveFocus()
    expect(within(dialog()).queryByRole('button', { name: '返回' })).not.toBeInTheDocument()
    await user.click(within(dialog()).getByRole('button', { name: '邮箱登录' }))
    expect(dialog()).toHaveAccessibleName('邮箱登录')
    expect(within(dialog()).getByLabelText('邮箱')).toHaveFocus()

    await user.click(within(dialog()).getByRole('button', { name: '没有账号？立即注册' }))
    expect(dialog()).toHaveAccessibleName('注册账号')
    expect(within(dialog()).getByLabelText('邮箱')).toHaveFocus()
    await user.click(within(dialog()).getByRole('button', { name: '返回' }))
    expect(dialog()).toHaveAccessibleName('邮箱登录')

    await user.click(within(dialog()).getByRole('button', { name: '忘记密码？' }))
    expect(dialog()).toHaveAccessibleName('重置密码')
    await user.click(within(dialog()).getByRole('button', { name: '返回' }))
    expect(dialog()).toHaveAccessibleName('邮箱登录')

    await user.click(within(dialog()).getByRole('button', { name: '返回' }))
    expect(dialog()).toHaveAccessibleName('登录')
    expect(within(dialog()).getByRole('button', { name: '通过 Steam 登录' })).toHaveFocus()
  })

  it('carries the typed e-mail into the register and reset views', async () => {
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: '邮箱登录' }))
    await user.type(screen.getByLabelText('邮箱'), 'me@example.com')
    await user.click(screen.getByRole('button', { name: '忘记密码？' }))
    expect(screen.getByLabelText('邮箱')).toHaveValue('me@example.com')
  })

  it('sends the browser to Steam with a stored random state', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { user, dialog } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: '通过 Steam 登录' }))
    expect(assign).toHaveBeenCalledTimes(1)
    const url = new URL(assign.mock.calls[0]![0])
    expect(`${url.origin}${url.pathname}`).toBe('https://steamcommunity.com/openid/login')
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup')
    const returnTo = new URL(url.searchParams.get('openid.return_to')!)
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe('http://127.0.0.1:8080/api/auth/steam/callback')
    const state = returnTo.searchParams.get('state')
    expect(state).toMatch(/^[0-9a-f]{32}$/)
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.openidState)).toBe(state)
  })

  it('opens on e-mail login when the URL has showEmailLogin=true; closing drops the parameter', async () => {
    const { user, location } = await renderApp('/?showEmailLogin=true&from=app')
    const dialog = await screen.findByRole('dialog', { name: '邮箱登录' })
    expect(within(dialog).getByLabelText('邮箱')).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(location().search).toBe('?from=app')
  })

  it('/login?showEmailLogin=true opens on e-mail login too', async () => {
    await renderApp('/login?showEmailLogin=true')
    expect(await screen.findByRole('dialog', { name: '邮箱登录' })).toBeInTheDocument()
  })
})

describe('e-mail login', () => {
  async function openEmailLogin(path = '/vip', width = 1280) {
    const rendered = await openDialog(path, width)
    await rendered.user.click(within(rendered.dialog).getByRole('button', { name: '邮箱登录' }))
    return rendered
  }

  it('stores the session, logs LOGIN-EMAIL, closes and reloads the page', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {})
    const log = captureAuthLog()
    const token = jwtExpiringIn(3600)
    const bodies = answerLogin(() =>
      HttpResponse.json({
        needsSteamBinding: false,
        token,
        tokenType: 'login',
        steamId: ALICE.steamId,
        username: ALICE.username,
        avatar: ALICE.avatar,
      }),
    )
    const { user } = await openEmailLogin('/vip?from=app')
    const before = Date.now()
    await user.type(screen.getByLabelText('邮箱'), ' alice@example.com ')
    await user.type(screen.getByLabelText('密码'), 'secret123{Enter}')

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/vip?from=app'))
    expect(bodies).toEqual([{ email: 'alice@example.com', password: 'secret123' }])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual({
      steamId: ALICE.steamId,
      username: ALICE.username,
      avatar: ALICE.avatar,
    })
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(token)
    // Stamped during the login, however long the machine took.
    const loginTime = Number(localStorage.getItem(STORAGE_KEYS.loginTime))
    expect(loginTime).toBeGreaterThanOrEqual(before)
    expect(loginTime).toBeLessThanOrEqual(Date.now())
    expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGIN-EMAIL', authorization: `Bearer ${token}` }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '账号菜单（alice）' })).toBeInTheDocument()
  })

  it('from /login it reloads onto / (keeping from)', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {})
    answerLogin(() =>
      HttpResponse.json({ needsSteamBinding: false, token: jwtExpiringIn(3600), steamId: ALICE.steamId, username: 'alice' }),
    )
    const { user } = await renderApp('/login?from=app&showEmailLogin=true')
    await screen.findByRole('dialog', { name: '邮箱登录' })
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com')
    await user.type(screen.getByLabelText('密码'), 'secret123')
    await user.click(screen.getByRole('button', { name: '登录' }))
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/?from=app'))
  })

  it('opens Steam binding for the e-mail when the account has no Steam account yet', async () => {
    const bind = jwtExpiringIn(900, 'bind')
    answerLogin(() => HttpResponse.json({ needsSteamBinding: true, token: bind, tokenType: 'bind', email: 'new@example.com' }))
    const { user } = await openEmailLogin()
    await user.type(screen.getByLabelText('邮箱'), 'new@example.com')
    await user.type(screen.getByLabelText('密码'), 'secret123{Enter}')

    const dialog = await screen.findByRole('dialog', { name: '绑定 Steam 账号' })
    expect(dialog).toHaveAccessibleDescription('邮箱账号 new@example.com 还需要绑定一个 Steam 账号。')
    expect(localStorage.getItem(STORAGE_KEYS.emailBindToken)).toBe(bind)
    expect(localStorage.getItem(STORAGE_KEYS.bindingEmail)).toBe('new@example.com')
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(within(dialog).getByRole('button', { name: '通过 Steam 绑定' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: '返回' }))
    expect(screen.getByRole('dialog')).toHaveAccessibleName('邮箱登录')
  })

  it.each([
    ['wrong credentials', () => apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'), '邮箱或密码错误'],
    ['any other refusal', () => apiError(400, 'SOMETHING', 'Bad'), '邮箱或密码错误'],
    ['rate limiting', () => apiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many', { retryAfter: 30 }), '请求过于频繁，请稍后再试'],
  ])('says so on %s', async (_, answer, text) => {
    answerLogin(answer)
    const { user } = await openEmailLogin()
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com')
    await user.type(screen.getByLabelText('密码'), 'wrong-pass{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled()
  })

  it('checks the e-mail pattern and the password before calling', async () => {
    const bodies = answerLogin(() => apiError(500, 'INTERNAL_ERROR'))
    const { user } = await openEmailLogin()
    await user.type(screen.getByLabelText('邮箱'), 'not-an-email{Enter}')
    expect(screen.getByLabelText('邮箱')).toHaveAccessibleDescription('请输入有效的邮箱地址')
    expect(screen.getByLabelText('邮箱')).toBeInvalid()
    expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('请输入密码')
    expect(bodies).toEqual([])
  })

  it('works in the 390 px layout', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {})
    answerLogin(() =>
      HttpResponse.json({ needsSteamBinding: false, token: jwtExpiringIn(3600), steamId: ALICE.steamId, username: 'alice' }),
    )
    const { user } = await openEmailLogin('/vip', 390)
    // The dialog never exceeds the viewport and scrolls when taller than it.
    expect(screen.getByRole('dialog').className).toContain('w-[calc(100vw-2rem)]')
    expect(screen.getByRole('dialog').className).toContain('max-h-[calc(100dvh-2rem)]')
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com')
    await user.type(screen.getByLabelText('密码'), 'secret123{Enter}')
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/vip'))
  })
})
