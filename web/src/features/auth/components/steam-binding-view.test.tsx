import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { browser } from '@/lib/browser'
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage'
import { apiError, captureAuthLog, jwtExpiringIn } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

const EMAIL = 'new@example.com'
const PLAYER = { steamId: '76561198012345678', username: 'bob', avatar: 'https://avatars.example.com/bob.jpg' }

interface Seen {
  validation: { body: unknown; authorization: string | null }[]
  bind: { body: unknown; authorization: string | null }[]
}

function serve({ validation, bind }: { validation?: () => Response; bind?: () => Response } = {}) {
  const seen: Seen = { validation: [], bind: [] }
  const bindToken = jwtExpiringIn(900, 'bind')
  const loginToken = jwtExpiringIn(3600)
  server.use(
    http.post('/api/auth/email/login', () =>
      HttpResponse.json({ needsSteamBinding: true, token: bindToken, tokenType: 'bind', email: EMAIL }),
    ),
    http.post('/api/auth/email/bind-steam-token-validation', async ({ request }) => {
      seen.validation.push({ body: await request.json(), authorization: request.headers.get('Authorization') })
      return validation ? validation() : HttpResponse.json(PLAYER)
    }),
    http.post('/api/auth/email/bind-steam', async ({ request }) => {
      seen.bind.push({ body: await request.json(), authorization: request.headers.get('Authorization') })
      return bind ? bind() : HttpResponse.json({ token: loginToken, tokenType: 'login', ...PLAYER })
    }),
  )
  return { seen, bindToken, loginToken }
}

/** E-mail login answering needsSteamBinding leads to the binding view. */
async function openBinding() {
  const rendered = await renderApp('/vip')
  const { user } = rendered
  await user.click(screen.getByRole('button', { name: '登录' }))
  await user.click(await screen.findByRole('button', { name: '邮箱登录' }))
  await user.type(screen.getByLabelText('邮箱'), EMAIL)
  await user.type(screen.getByLabelText('密码'), 'secret123{Enter}')
  const dialog = await screen.findByRole('dialog', { name: '绑定 Steam 账号' })
  return { ...rendered, dialog }
}

describe('steam binding', () => {
  it('lower-cases the in-game token, shows the player and binds on confirm', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {})
    const log = captureAuthLog()
    const { seen, bindToken, loginToken } = serve()
    const { user, dialog } = await openBinding()

    const input = within(dialog).getByLabelText('游戏内令牌')
    await user.type(input, 'AbC-12X')
    expect(input).toHaveValue('abc-12x')
    await user.click(within(dialog).getByRole('button', { name: '验证令牌' }))

    const found = await within(dialog).findByRole('region', { name: '找到的 Steam 账号' })
    expect(found).toHaveTextContent('bob')
    expect(found).toHaveTextContent('76561198012345678')
    expect(within(found).getByRole('img', { name: 'bob 的头像' })).toHaveAttribute('src', PLAYER.avatar)
    expect(seen.validation).toEqual([{ body: { email: EMAIL, token: 'abc-12x' }, authorization: `Bearer ${bindToken}` }])

    await user.click(within(found).getByRole('button', { name: '确认绑定' }))
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/vip'))
    expect(seen.bind).toEqual([{ body: { email: EMAIL, steamId: PLAYER.steamId }, authorization: `Bearer ${bindToken}` }])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(PLAYER)
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(loginToken)
    expect(localStorage.getItem(STORAGE_KEYS.loginTime)).not.toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.emailBindToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.bindingEmail)).toBeNull()
    expect(log).toEqual([{ steamId: PLAYER.steamId, action: 'LOGIN-EMAIL', authorization: `Bearer ${loginToken}` }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('changing the token hides the found player', async () => {
    serve()
    const { user, dialog } = await openBinding()
    await user.type(within(dialog).getByLabelText('游戏内令牌'), 'abc{Enter}')
    await within(dialog).findByRole('region', { name: '找到的 Steam 账号' })
    await user.type(within(dialog).getByLabelText('游戏内令牌'), 'd')
    expect(within(dialog).queryByRole('region', { name: '找到的 Steam 账号' })).not.toBeInTheDocument()
  })

  it.each([
    ['INVALID_BIND_TOKEN', () => apiError(400, 'INVALID_BIND_TOKEN'), '令牌无效或已过期'],
    ['USER_NOT_FOUND', () => apiError(404, 'USER_NOT_FOUND'), '用户不存在'],
    ['ALREADY_BOUND', () => apiError(409, 'ALREADY_BOUND'), '该用户已绑定 Steam 账号'],
    ['STEAM_ALREADY_BOUND', () => apiError(409, 'STEAM_ALREADY_BOUND'), '该 Steam 账号已绑定其他用户'],
    ['STEAM_PROOF_REQUIRED', () => apiError(409, 'STEAM_PROOF_REQUIRED'), '该 Steam 账号已有门户账号，请通过 Steam 登录完成绑定'],
    ['UNAUTHORIZED', () => apiError(401, 'UNAUTHORIZED', 'Unauthorized access'), '未授权访问'],
    ['anything else', () => apiError(500, 'INTERNAL_ERROR'), '出错了，请稍后再试'],
  ])('maps %s from the token check', async (_, validation, text) => {
    serve({ validation })
    const { user, dialog } = await openBinding()
    await user.type(within(dialog).getByLabelText('游戏内令牌'), 'abc{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text)
  })

  it('maps a failure of the binding call too', async () => {
    serve({ bind: () => apiError(409, 'STEAM_ALREADY_BOUND') })
    const { user, dialog } = await openBinding()
    await user.type(within(dialog).getByLabelText('游戏内令牌'), 'abc{Enter}')
    await user.click(await within(dialog).findByRole('button', { name: '确认绑定' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该 Steam 账号已绑定其他用户')
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
  })

  it('says "Unauthorized access" without calling when the bind token is gone', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { seen } = serve()
    const { user, dialog } = await openBinding()
    localStorage.removeItem(STORAGE_KEYS.emailBindToken)
    await user.type(within(dialog).getByLabelText('游戏内令牌'), 'abc{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('未授权访问')
    await user.click(within(dialog).getByRole('button', { name: '通过 Steam 绑定' }))
    expect(seen.validation).toEqual([])
    expect(assign).not.toHaveBeenCalled()
  })

  it('binds through Steam: redirects to the bind callback with the bind token and a state', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { bindToken } = serve()
    const { user, dialog } = await openBinding()
    await user.click(within(dialog).getByRole('button', { name: '通过 Steam 绑定' }))
    const url = new URL(assign.mock.calls[0]![0])
    const returnTo = new URL(url.searchParams.get('openid.return_to')!)
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe('http://127.0.0.1:8080/api/auth/steam/bind/callback')
    expect(returnTo.searchParams.get('email_bind_token')).toBe(bindToken)
    expect(returnTo.searchParams.get('state')).toBe(sessionStorage.getItem(SESSION_STORAGE_KEYS.openidState))
  })
})
