import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage'
import { ALICE, apiError, captureAuthLog, jwtExpiringIn } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

function serveUserInfo(answer: () => Response = () => HttpResponse.json({ ...ALICE, email: null })) {
  const seen: (string | null)[] = []
  server.use(
    http.get('/api/auth/steam/user-info', ({ request }) => {
      seen.push(request.headers.get('Authorization'))
      return answer()
    }),
  )
  return seen
}

/** The toast region: it (and its code) arrives with the first toast. */
function notifications() {
  return screen.findByRole('region', { name: /通知/ })
}

/** The error banner on / after a failed return, checking that nobody got logged in. */
async function bannerOnHome(location: () => { pathname: string }) {
  const banner = await screen.findByRole('alert')
  expect(location().pathname).toBe('/')
  expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
  expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument()
  return banner
}

describe('/auth/steam/callback', () => {
  it('saves the token, loads the user, logs LOGIN-STEAM and goes to / with a success toast', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'st4te')
    const token = jwtExpiringIn(3600)
    const seen = serveUserInfo()
    const log = captureAuthLog()
    const { location } = await renderApp(`/auth/steam/callback?token=${token}&state=st4te`)

    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(await within(await notifications()).findByText('登录成功，欢迎！')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(seen).toEqual([`Bearer ${token}`])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(ALICE)
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(token)
    expect(localStorage.getItem(STORAGE_KEYS.loginTime)).not.toBeNull()
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.openidState)).toBeNull()
    expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGIN-STEAM', authorization: `Bearer ${token}` }])
    expect(screen.getByRole('button', { name: '账号菜单（alice）' })).toBeInTheDocument()
  })

  it('comes back to the page that asked for the login (the console), and only once', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'st4te')
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, '/console/people?q=bob')
    serveUserInfo()
    captureAuthLog()
    const { location } = await renderApp(`/auth/steam/callback?token=${jwtExpiringIn(3600)}&state=st4te`)
    await waitFor(() => expect(location().pathname).toBe('/console/people'))
    expect(location().search).toBe('?q=bob')
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBeNull()
  })

  it('never follows a kept address to another site', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'st4te')
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, '//evil.example/console')
    serveUserInfo()
    captureAuthLog()
    const { location } = await renderApp(`/auth/steam/callback?token=${jwtExpiringIn(3600)}&state=st4te`)
    expect(await within(await notifications()).findByText('登录成功，欢迎！')).toBeInTheDocument()
    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBeNull()
  })

  it('a failed login still goes to / with its banner, forgetting the kept page', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, '/console')
    const { location } = await renderApp('/auth/steam/callback?error=invalid_authentication')
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 登录失败')
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.loginReturn)).toBeNull()
  })

  it('without a token: banner tokenNotFound', async () => {
    const { location } = await renderApp('/auth/steam/callback')
    expect(await bannerOnHome(location)).toHaveTextContent('未获取到登录令牌')
  })

  it('with an error: banner Steam login failed', async () => {
    const { location } = await renderApp('/auth/steam/callback?error=invalid_authentication&state=x')
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 登录失败')
  })

  it('with steam_api_error: the cause as a toast, then Steam login failed', async () => {
    const { location } = await renderApp('/auth/steam/callback?error=steam_api_error')
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 登录失败')
    expect(await within(await notifications()).findByText('Steam API 请求失败')).toBeInTheDocument()
  })

  it('with a state this tab did not start: Steam login failed, no calls', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'mine')
    const seen = serveUserInfo()
    const { location } = await renderApp(`/auth/steam/callback?token=${jwtExpiringIn(3600)}&state=forged`)
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 登录失败')
    expect(seen).toEqual([])
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })

  it.each([
    ['a 500', () => apiError(500, 'INTERNAL_ERROR'), '服务器请求失败'],
    ['a 404', () => apiError(404, 'NOT_FOUND'), '未找到玩家数据'],
    ['an invalid token', () => apiError(401, 'INVALID_TOKEN', 'Invalid login token'), '登录令牌无效'],
  ])('when user-info fails (%s): steamApiError, then loginFailed; the token is dropped', async (_, answer, cause) => {
    serveUserInfo(answer)
    const { location } = await renderApp(`/auth/steam/callback?token=${jwtExpiringIn(3600)}`)
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 登录失败')
    // The region arrives with its code; the toast shows in it a moment later.
    const toast = within(await notifications())
    expect(await toast.findByText('Steam API 请求失败')).toBeInTheDocument()
    expect(await toast.findByText(cause)).toBeInTheDocument()
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })
})

describe('/auth/steam/bind/callback', () => {
  it.each([
    ['invalid_authentication', 'Steam 身份验证失败'],
    ['invalid_token', '绑定会话已过期，请重新使用邮箱登录'],
    ['user_not_found', '用户不存在'],
    ['already_bound', '该用户已绑定 Steam 账号'],
    ['steam_already_bound', '该 Steam 账号已绑定其他用户'],
    ['something_else', 'Steam 账号绑定失败'],
  ])('error=%s says %s', async (code, text) => {
    const { location } = await renderApp(`/auth/steam/bind/callback?error=${code}`)
    expect(await bannerOnHome(location)).toHaveTextContent(text)
  })

  it('neither token nor error: unauthorized', async () => {
    const { location } = await renderApp('/auth/steam/bind/callback')
    expect(await bannerOnHome(location)).toHaveTextContent('未授权访问')
  })

  it('a state this tab did not start: binding failed', async () => {
    const { location } = await renderApp(`/auth/steam/bind/callback?token=${jwtExpiringIn(3600)}&state=forged`)
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 账号绑定失败')
  })

  it('a token: stores the session, ends the binding, logs LOGIN-EMAIL, success toast', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'st4te')
    localStorage.setItem(STORAGE_KEYS.emailBindToken, jwtExpiringIn(600, 'bind'))
    localStorage.setItem(STORAGE_KEYS.bindingEmail, 'new@example.com')
    const token = jwtExpiringIn(3600)
    const seen = serveUserInfo()
    const log = captureAuthLog()
    const { location } = await renderApp(`/auth/steam/bind/callback?token=${token}&state=st4te`)

    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(await within(await notifications()).findByText('Steam 账号绑定成功，已登录')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(seen).toEqual([`Bearer ${token}`])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(ALICE)
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBe(token)
    expect(localStorage.getItem(STORAGE_KEYS.emailBindToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.bindingEmail)).toBeNull()
    expect(log).toEqual([{ steamId: ALICE.steamId, action: 'LOGIN-EMAIL', authorization: `Bearer ${token}` }])
  })

  it('a login from the console that needed binding comes back to the console', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openidState, 'st4te')
    sessionStorage.setItem(SESSION_STORAGE_KEYS.loginReturn, '/console/audit')
    localStorage.setItem(STORAGE_KEYS.emailBindToken, jwtExpiringIn(600, 'bind'))
    serveUserInfo()
    captureAuthLog()
    const { location } = await renderApp(`/auth/steam/bind/callback?token=${jwtExpiringIn(3600)}&state=st4te`)
    await waitFor(() => expect(location().pathname).toBe('/console/audit'))
  })

  it('a token whose user cannot be loaded: binding failed', async () => {
    serveUserInfo(() => apiError(500, 'INTERNAL_ERROR'))
    const { location } = await renderApp(`/auth/steam/bind/callback?token=${jwtExpiringIn(3600)}`)
    expect(await bannerOnHome(location)).toHaveTextContent('Steam 账号绑定失败')
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })
})
