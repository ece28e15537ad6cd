import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { configWith } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'

describe('feature gating from the remote configuration', () => {
  describe('when GET /api/config fails', () => {
    it('keeps the local defaults: servers on at /', async () => {
      const { location } = await renderApp('/', { config: 'error' })
      expect(await screen.findByRole('heading', { level: 1, name: '服务器列表' })).toBeInTheDocument()
      expect(location().pathname).toBe('/')
    })

    it('treats the servers.features flags as off: /servers/details/* goes back to /servers', async () => {
      const { location } = await renderApp('/servers/details/1.2.3.4:27015', { config: 'error' })
      await waitFor(() => expect(location().pathname).toBe('/servers'))
      expect(await screen.findByRole('heading', { level: 1, name: '服务器列表' })).toBeInTheDocument()
    })

    it('treats rules as off too', async () => {
      const { location } = await renderApp('/servers/rules/1.2.3.4:27015', { config: 'error' })
      await waitFor(() => expect(location().pathname).toBe('/servers'))
    })

    it('keeps settings off (local default) and redirects with 该功能未启用', async () => {
      const { location } = await renderApp('/settings', { config: 'error' })
      expect(await screen.findByRole('alert')).toHaveTextContent('该功能未启用')
      expect(location().pathname).toBe('/')
      expect(screen.queryByRole('link', { name: '设置' })).not.toBeInTheDocument()
    })

    it('keeps pracc and inventory on (local defaults)', async () => {
      await renderApp('/pracc', { config: 'error' })
      expect(await screen.findByRole('heading', { level: 1, name: '训练服务器' })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: /皮肤换肤/ })).toBeInTheDocument()
    })
  })

  describe('when the remote configuration turns the servers features on', () => {
    it('serves /servers/details/:id and /servers/rules/:id', async () => {
      const { user, location } = await renderApp('/servers/details/1.2.3.4:27015')
      expect(await screen.findByRole('heading', { level: 1, name: '服务器详情' })).toBeInTheDocument()
      await user.click(screen.getByRole('link', { name: '返回服务器列表' }))
      expect(location().pathname).toBe('/servers')
    })

    it('still redirects any other path under /servers to /servers', async () => {
      const { location } = await renderApp('/servers/whatever')
      await waitFor(() => expect(location().pathname).toBe('/servers'))
    })

    it('honours a single flag turned off remotely', async () => {
      const { location } = await renderApp('/servers/rules/x', {
        config: configWith({ servers: { features: { rules: false } } }),
      })
      await waitFor(() => expect(location().pathname).toBe('/servers'))
    })
  })

  it('lets the remote configuration enable a feature that is off locally (settings)', async () => {
    await renderApp('/settings/profile')
    expect(await screen.findByRole('region', { name: '个人资料' })).toBeInTheDocument()
  })
})
