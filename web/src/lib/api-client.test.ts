import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { server } from '@/testing/msw-server'
import { apiClient, buildUrl, onInvalidLoginToken, requestTimeout } from './api-client'
import { ApiError, isCancelled } from './api-error'
import { storage } from './storage'

function captureRequest(path: string, answer: () => Response = () => HttpResponse.json({ ok: true })) {
  const seen: Request[] = []
  server.use(
    http.all(path, ({ request }) => {
      seen.push(request.clone())
      return answer()
    }),
  )
  return seen
}

describe('api client', () => {
  it('sends the stored login token as a bearer token', async () => {
    storage.loginToken.set('tok-123')
    const seen = captureRequest('/api/ping')
    await expect(apiClient.get('/api/ping')).resolves.toEqual({ ok: true })
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok-123')
    expect(seen[0]?.headers.get('Accept')).toBe('application/json')
  })

  it('sends no Authorization header without a token, or when told not to', async () => {
    const seen = captureRequest('/api/ping')
    await apiClient.get('/api/ping')
    storage.loginToken.set('tok-123')
    await apiClient.get('/api/ping', { token: 'none' })
    expect(seen.map((r) => r.headers.has('Authorization'))).toEqual([false, false])
  })

  it('uses the bind token when asked', async () => {
    storage.loginToken.set('login')
    storage.emailBindToken.set('bind')
    const seen = captureRequest('/api/auth/email/bind-steam')
    await apiClient.post('/api/auth/email/bind-steam', { email: 'a@b.c' }, { token: 'bind' })
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer bind')
  })

  it('sends JSON bodies', async () => {
    const seen = captureRequest('/api/things')
    await apiClient.post('/api/things', { a: 1, b: 'zh' })
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(await seen[0]?.json()).toEqual({ a: 1, b: 'zh' })
  })

  it('decodes the error shape into an ApiError', async () => {
    captureRequest('/api/limited', () =>
      HttpResponse.json(
        { error: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests', details: { retryAfter: 30 } },
        { status: 429 },
      ),
    )
    const error = await apiClient.get('/api/limited').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests',
      details: { retryAfter: 30 },
    })
  })

  it('gives a generic code to a failure without the error shape', async () => {
    captureRequest('/api/broken', () => new HttpResponse('<html>bad gateway</html>', { status: 502 }))
    await expect(apiClient.get('/api/broken')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' })
  })

  it('turns a network failure into NETWORK_ERROR', async () => {
    captureRequest('/api/down', () => HttpResponse.error())
    await expect(apiClient.get('/api/down')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
  })

  /** A request the server never answers; resolves `started` once it has arrived. */
  function hangingRequest(path: string): Promise<void> {
    return new Promise((started) => {
      server.use(
        http.get(path, async () => {
          started()
          await delay('infinite')
          return HttpResponse.json({})
        }),
      )
    })
  }

  it('reports a request its caller cancelled as REQUEST_CANCELLED, not as a timeout', async () => {
    const started = hangingRequest('/api/slow')
    const controller = new AbortController()
    const pending = apiClient.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e)
    await started
    controller.abort()
    const error = await pending
    expect(error).toMatchObject({ status: 0, code: 'REQUEST_CANCELLED' })
    expect(isCancelled(error)).toBe(true)
  })

  it('reports a passed deadline as REQUEST_TIMEOUT', async () => {
    const started = hangingRequest('/api/slow')
    const controller = new AbortController()
    const pending = apiClient.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e)
    await started
    controller.abort(requestTimeout())
    const error = await pending
    expect(error).toMatchObject({ status: 0, code: 'REQUEST_TIMEOUT' })
    expect(isCancelled(error)).toBe(false)
  })

  it('reports a signal aborted before the call as cancelled', async () => {
    await expect(apiClient.get('/api/slow', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'REQUEST_CANCELLED',
    })
  })

  it('validates the answer against a schema', async () => {
    captureRequest('/api/user', () => HttpResponse.json({ name: 42 }))
    const schema = z.object({ name: z.string() })
    await expect(apiClient.get('/api/user', { schema })).rejects.toMatchObject({ code: 'BAD_RESPONSE' })
  })

  it('returns undefined for 204', async () => {
    captureRequest('/api/empty', () => new HttpResponse(null, { status: 204 }))
    await expect(apiClient.delete('/api/empty')).resolves.toBeUndefined()
  })

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/api/servers', { modes: 'dm,retakes', maps: undefined, page: 2, x: null })).toBe(
      '/api/servers?modes=dm%2Cretakes&page=2',
    )
    expect(buildUrl('/api/x?a=1', { b: true })).toBe('/api/x?a=1&b=true')
    expect(buildUrl('/api/x')).toBe('/api/x')
  })
})

describe('invalid login token', () => {
  const invalid = () =>
    HttpResponse.json({ error: 'INVALID_TOKEN', message: 'Invalid login token', details: {} }, { status: 401 })

  it('tells the listeners when a call with the login token answers 401 INVALID_TOKEN', async () => {
    let calls = 0
    const stop = onInvalidLoginToken(() => calls++)
    storage.loginToken.set('tok')
    captureRequest('/api/me', invalid)
    await expect(apiClient.get('/api/me')).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
    expect(calls).toBe(1)

    // Not for calls without the login token, nor for other 401 codes.
    await expect(apiClient.get('/api/me', { token: 'none' })).rejects.toMatchObject({ status: 401 })
    captureRequest('/api/other', () =>
      HttpResponse.json({ error: 'UNAUTHORIZED', message: 'Unauthorized access', details: {} }, { status: 401 }),
    )
    await expect(apiClient.get('/api/other')).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(calls).toBe(1)

    stop()
    await expect(apiClient.get('/api/me')).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
    expect(calls).toBe(1)
  })
})
