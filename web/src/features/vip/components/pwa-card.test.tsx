import { act, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { resetInstallState } from '../model/install-prompt'
import { servePrivileges } from '../testing/vip-fixtures'

/** The viewport stand-in matches every query without a width; the portal is not running as an app. */
function notInstalled() {
  const matchMedia = window.matchMedia.bind(window)
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query.includes('display-mode') ? ({ ...matchMedia(query), matches: false } as MediaQueryList) : matchMedia(query),
  )
  resetInstallState()
}

function fireInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn<() => Promise<void>>(() => Promise.resolve())
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) })
  act(() => {
    window.dispatchEvent(event)
  })
  return { event, prompt }
}

const pwaCard = () => screen.getByRole('listitem', { name: '通过应用订阅' })

describe('subscribe through the app', () => {
  beforeEach(() => {
    notInstalled()
    servePrivileges()
  })

  it('without a browser prompt explains the manual steps', async () => {
    const { user } = await renderApp('/vip')
    expect(pwaCard()).toHaveTextContent('把本站安装为应用（PWA）')
    await user.click(within(pwaCard()).getByRole('button', { name: '查看安装步骤' }))
    const dialog = screen.getByRole('dialog', { name: '安装为应用' })
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'iPhone / iPad（Safari）',
      '安卓手机（Chrome 等）',
      '电脑（Chrome / Edge）',
    ])
    expect(dialog).toHaveTextContent('添加到主屏幕')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the browser\'s install prompt once it was offered; accepting it marks the app installed', async () => {
    const { user } = await renderApp('/vip')
    const { event, prompt } = fireInstallPrompt('accepted')
    // The browser's own mini bar is held back: the card offers the prompt.
    expect(event.defaultPrevented).toBe(true)
    await user.click(within(pwaCard()).getByRole('button', { name: '安装应用' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(await within(pwaCard()).findByText('已安装为应用，可从主屏幕或桌面打开')).toBeVisible()
    expect(within(pwaCard()).queryByRole('button')).not.toBeInTheDocument()
  })

  it('a dismissed prompt cannot be shown again: the manual steps remain', async () => {
    const { user } = await renderApp('/vip')
    const { prompt } = fireInstallPrompt('dismissed')
    await user.click(within(pwaCard()).getByRole('button', { name: '安装应用' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(await within(pwaCard()).findByRole('button', { name: '查看安装步骤' })).toBeVisible()
  })

  it('running as the installed app says so', async () => {
    vi.restoreAllMocks()
    servePrivileges()
    resetInstallState()
    await renderApp('/vip')
    expect(within(pwaCard()).getByText('已安装为应用，可从主屏幕或桌面打开')).toBeVisible()
  })
})
