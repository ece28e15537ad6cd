import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/server-fixtures'

const list = [serverJson({ ip: '1.1.1.1', name: 'Alpha', players: '2/10' })]

describe('refresh', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('is disabled while refreshing and for a 5 s countdown afterwards', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let hold = false
    server.use(
      http.get('/api/servers', async () => {
        if (hold) await gate
        return HttpResponse.json(list)
      }),
    )
    await renderApp('/servers')
    await screen.findByRole('button', { name: '查看 Alpha 的在线玩家' })
    const button = screen.getByRole('button', { name: '刷新' })
    hold = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Testing Library flushes its async wrapper with a 0 ms timer and only advances it for `jest`.
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })

    fireEvent.click(button)
    await waitFor(() => expect(button).toHaveTextContent('刷新中…'))
    expect(button).toBeDisabled()
    await act(async () => release())
    await waitFor(() => expect(button).toHaveTextContent('5 秒'))
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleName('5 秒后可刷新')

    // The loading overlay clears about 200 ms after the fetch.
    const overlay = screen.getByRole('table').closest('[aria-busy]')!
    expect(overlay).toHaveAttribute('aria-busy', 'true')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150)
    })
    expect(overlay).toHaveAttribute('aria-busy', 'true')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60)
    })
    expect(overlay).toHaveAttribute('aria-busy', 'false')

    for (const left of [4, 3, 2, 1]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
      expect(button).toHaveTextContent(`${left} 秒`)
      expect(button).toBeDisabled()
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    expect(button).toHaveTextContent('刷新')
    expect(button).toBeEnabled()
  })
})
