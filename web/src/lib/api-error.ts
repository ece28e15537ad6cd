// The backend's one error shape, {"error": CODE, "message": text, "details": {...}}, as a typed error.
import * as z from 'zod/mini'

export const apiErrorBodySchema = z.object({
  error: z.string().check(z.minLength(1)),
  message: z.catch(z.optional(z.string()), undefined),
  details: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
})

/** Codes the client produces itself when no server error body is available. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  /** The caller's deadline passed (its signal aborted with a TimeoutError). */
  timeout: 'REQUEST_TIMEOUT',
  /** The caller gave the request up (navigation, unmount, a newer query): not a failure. */
  cancelled: 'REQUEST_CANCELLED',
  badResponse: 'BAD_RESPONSE',
} as const

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly details: Record<string, unknown>

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = details
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/** A request its caller cancelled: nothing went wrong, so nothing is shown or logged. */
export function isCancelled(value: unknown): boolean {
  return isApiError(value) && value.code === CLIENT_ERROR_CODES.cancelled
}

/** Turns a failed response's body (already read as text) into an ApiError. */
export function decodeApiError(status: number, statusText: string, body: string): ApiError {
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(body))
    if (parsed.success) {
      const { error, message, details } = parsed.data
      return new ApiError(status, error, message || statusText, details ?? {})
    }
  } catch {
    // not JSON: fall through to the generic code
  }
  return new ApiError(status, `HTTP_${status}`, statusText || `HTTP ${status}`)
}
