import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { apiClient } from './api-client'
import { logged } from './logged'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('logged', () => {
  it('logs a failed request and passes the error on', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/down', () => HttpResponse.error()))
    await expect(logged('Failed to fetch', apiClient.get('/api/down'))).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(consoleError).toHaveBeenCalledTimes(1)
    expect(consoleError.mock.calls[0]?.[0]).toBe('Failed to fetch')
  })

  it('logs at the level asked for', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(logged('Soft failure', Promise.reject(new Error('x')), 'warn')).rejects.toThrow('x')
    expect(consoleWarn).toHaveBeenCalledWith('Soft failure', expect.any(Error))
  })

  it('says nothing about a request its caller cancelled (a navigation, an unmount)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    let arrived!: () => void
    const started = new Promise<void>((resolve) => (arrived = resolve))
    server.use(
      http.get('/api/slow', async () => {
        arrived()
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const controller = new AbortController()
    const work = logged('Failed to fetch', apiClient.get('/api/slow', { signal: controller.signal }))
    await started
    controller.abort()
    await expect(work).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' })
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('passes a result through', async () => {
    await expect(logged('unused', Promise.resolve(42))).resolves.toBe(42)
  })
})
