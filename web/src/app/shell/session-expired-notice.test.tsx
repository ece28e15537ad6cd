import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { dismissLoginExpired } from '@/lib/session'
import { ALICE, storeSession } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

const refused = () =>
  HttpResponse.json({ error: 'INVALID_TOKEN', message: 'Invalid login token', details: {} }, { status: 401 })

describe('a login the server no longer accepts', () => {
  it('logs the user out on load and says the login expired, with a way back in', async () => {
    dismissLoginExpired()
    storeSession()
    server.use(http.get('/api/auth/session', refused))
    const { user } = await renderApp('/vip')

    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('登录已过期或已在其他设备上退出，请重新登录。')
    expect(screen.queryByText(ALICE.username)).not.toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: '重新登录' }))
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('can be dismissed', async () => {
    dismissLoginExpired()
    storeSession()
    server.use(http.get('/api/auth/session', refused))
    const { user } = await renderApp('/vip')

    await user.click(await screen.findByRole('button', { name: '关闭提示' }))
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it('says nothing while the server accepts the login', async () => {
    dismissLoginExpired()
    storeSession()
    let asked = 0
    server.use(
      http.get('/api/auth/session', () => {
        asked += 1
        return HttpResponse.json({ steamId: ALICE.steamId, expiresAt: 0 })
      }),
    )
    await renderApp('/vip')
    await waitFor(() => expect(asked).toBe(1))
    expect(screen.queryByText('登录已过期或已在其他设备上退出，请重新登录。')).not.toBeInTheDocument()
  })
})
