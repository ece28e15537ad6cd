import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { browser } from '@/lib/browser'
import { initI18n } from '@/lib/i18n'
import { STORAGE_KEYS } from '@/lib/storage'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

describe('language switcher', () => {
  it('stores the chosen language and reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {})
    const { user } = await renderApp('/vip')

    await user.click(screen.getByRole('button', { name: '切换语言' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitemradio', { name: '中文' })).toHaveAttribute('aria-checked', 'true')
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }))

    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('is usable with the keyboard', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {})
    const { user } = await renderApp('/vip')

    screen.getByRole('button', { name: '切换语言' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('menu')
    await user.keyboard('{ArrowDown}{Enter}')

    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does nothing when the current language is chosen again', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {})
    const { user } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: '切换语言' }))
    await user.click(await screen.findByRole('menuitemradio', { name: '中文' }))
    expect(reload).not.toHaveBeenCalled()
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull()
  })

  it('starts in the stored language after the reload', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en')
    act(() => {
      initI18n()
    })
    expect(i18next.language).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    await renderApp('/no-such-page')
    expect(await screen.findByRole('alert')).toHaveTextContent('Page not found')
    expect(await screen.findByRole('heading', { level: 1, name: 'Server list' })).toBeInTheDocument()
  })

  it('defaults to Chinese', () => {
    act(() => {
      initI18n()
    })
    expect(i18next.language).toBe('zh')
    expect(document.documentElement.lang).toBe('zh-CN')
  })
})

describe('header', () => {
  it('shows the site title linking home', async () => {
    await renderApp('/vip?from=x')
    expect(screen.getByRole('link', { name: 'CS2 社区门户' })).toHaveAttribute('href', '/?from=x')
  })

  it.each([
    [false, 'Ctrl+D'],
    [true, 'Cmd+D'],
  ])('bookmark hint on an Apple device = %s says %s in a toast', async (apple, shortcut) => {
    vi.spyOn(browser, 'isApplePlatform').mockReturnValue(apple)
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const { user } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: '收藏本站' }))
    // The toast region (and its code) arrives with the first toast.
    const notifications = await screen.findByRole('region', { name: /通知/ })
    expect(await within(notifications).findByText(`按 ${shortcut} 将本站加入书签`)).toBeVisible()
    expect(alert).not.toHaveBeenCalled()
  })

  it('login button opens the login dialog in place', async () => {
    const { user, location } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument()
    expect(location().pathname).toBe('/vip')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(location().pathname).toBe('/vip')
    expect(screen.getByRole('button', { name: '登录' })).toHaveFocus()
  })

  it('reserves the announcement slot without calling the backend', async () => {
    // onUnhandledFrame: 'error' would fail this test on any call besides /api/config.
    const { container } = await renderApp('/vip')
    await waitFor(() => expect(container.querySelector('[data-slot="announcement"]')).toBeInTheDocument())
  })

  it('has the announcement in the header row from 768 px, and on its own line under the header below', async () => {
    await renderApp('/vip', { width: 1024 })
    expect(within(screen.getByRole('banner')).getByRole('region', { name: '公告' })).toBeInTheDocument()
    expect(screen.getAllByRole('region', { name: '公告' })).toHaveLength(1)
  })

  it('shows the announcement on a phone, once, under the header', async () => {
    await renderApp('/vip', { width: 390 })
    const announcements = screen.getAllByRole('region', { name: '公告' })
    expect(announcements).toHaveLength(1)
    expect(screen.getByRole('banner')).not.toContainElement(announcements[0] ?? null)
  })

  it('offers the bookmark hint in the mobile drawer', async () => {
    vi.spyOn(browser, 'isApplePlatform').mockReturnValue(false)
    const { user } = await renderApp('/vip', { width: 390 })
    await user.click(screen.getByRole('button', { name: '打开菜单' }))
    const drawer = await screen.findByRole('dialog', { name: '菜单' })
    await user.click(within(drawer).getByRole('button', { name: '收藏本站' }))
    // The drawer closes, so the hint is not hidden behind the modal.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The toast region (and its code) arrives with the first toast.
    const notifications = await screen.findByRole('region', { name: /通知/ })
    expect(await within(notifications).findByText('按 Ctrl+D 将本站加入书签')).toBeVisible()
  })
})
