// The one API client: JSON in and out, bearer token from storage, errors decoded into ApiError.
import type * as z from 'zod/mini'
import { ApiError, CLIENT_ERROR_CODES, decodeApiError } from './api-error'
import { storage } from './storage'

/** Which stored token authorises the call. */
export type TokenKind = 'login' | 'bind' | 'none'

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  token?: TokenKind
  signal?: AbortSignal
  /** Validates the answer; a mismatch becomes ApiError BAD_RESPONSE. */
  schema?: z.ZodMiniType<T>
}

type Listener = () => void
const invalidLoginTokenListeners = new Set<Listener>()

/**
 * Called whenever a call made with the login token answers 401 INVALID_TOKEN (expired, revoked or
 * garbled), so the session can end wherever the call was made. Returns the unsubscribe function.
 */
export function onInvalidLoginToken(listener: Listener): () => void {
  invalidLoginTokenListeners.add(listener)
  return () => invalidLoginTokenListeners.delete(listener)
}

function tokenFor(kind: TokenKind): string | null {
  if (kind === 'login') return storage.loginToken.get()
  if (kind === 'bind') return storage.emailBindToken.get()
  return null
}

export function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
}

const INVALID_TOKEN = 'INVALID_TOKEN'

function errorName(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'name' in value ? String(value.name) : undefined
}

/**
 * Why a request failed before an answer arrived. An aborted signal's reason tells a deadline
 * (TimeoutError: `AbortSignal.timeout`, or `abort(new DOMException(…, 'TimeoutError'))`) from a
 * cancellation (React Query on unmount or navigation, `controller.abort()`): only the deadline is a
 * timeout.
 */
function failureBeforeAnswer(error: unknown, signal: AbortSignal | undefined): ApiError {
  const aborted = signal?.aborted === true || errorName(error) === 'AbortError' || errorName(error) === 'TimeoutError'
  if (!aborted) return new ApiError(0, CLIENT_ERROR_CODES.network, 'Network request failed')
  const reason = signal?.aborted ? signal.reason : error
  if (errorName(reason) === 'TimeoutError') return new ApiError(0, CLIENT_ERROR_CODES.timeout, 'Request timeout')
  return new ApiError(0, CLIENT_ERROR_CODES.cancelled, 'Request cancelled')
}

/** The reason to abort a request with when the caller's deadline passes: it fails as REQUEST_TIMEOUT. */
export function requestTimeout(): DOMException {
  return new DOMException('Request timeout', 'TimeoutError')
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, token = 'login', signal, schema } = options
  const headers = new Headers({ Accept: 'application/json' })
  const bearer = tokenFor(token)
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
  if (body !== undefined) headers.set('Content-Type', 'application/json')

  let response: Response
  let text: string
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
    // Reading the body can be aborted too.
    text = await response.text()
  } catch (error) {
    throw failureBeforeAnswer(error, signal)
  }

  if (!response.ok) {
    const error = decodeApiError(response.status, response.statusText, text)
    if (token === 'login' && bearer && error.status === 401 && error.code === INVALID_TOKEN) {
      for (const listener of [...invalidLoginTokenListeners]) listener()
    }
    throw error
  }
  if (response.status === 204 || text === '') return undefined as T

  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.badResponse, 'Response is not JSON')
  }
  if (!schema) return data as T
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.badResponse, 'Unexpected response shape', {
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    })
  }
  return parsed.data
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>

export const apiClient = {
  get: <T>(path: string, options?: BodylessOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodylessOptions<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
}
