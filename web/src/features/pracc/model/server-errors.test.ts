import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { isSwitchLimitError, isTimeoutError, listFailure, passwordChangeFailure, serverMessage } from './server-errors'

describe('rental error rules', () => {
  it('the list: a 401 or a token/unauthorized text is an expired login, the rest a fetch failure', () => {
    expect(listFailure(new ApiError(401, 'INVALID_TOKEN', 'Invalid login token'))).toBe('tokenExpired')
    expect(listFailure(new ApiError(401, 'HTTP_401', 'Unauthorized'))).toBe('tokenExpired')
    expect(listFailure(new ApiError(403, 'FORBIDDEN', 'Token revoked'))).toBe('tokenExpired')
    expect(listFailure(new ApiError(500, 'INTERNAL_ERROR', 'boom'))).toBe('fetchFailed')
    expect(listFailure(new ApiError(0, 'NETWORK_ERROR', 'Network request failed'))).toBe('fetchFailed')
  })

  it('change password: Unauthorized expires the login, anything else says to contact an admin', () => {
    expect(passwordChangeFailure(new ApiError(401, 'UNAUTHORIZED', 'Unauthorized'))).toBe('tokenExpired')
    expect(passwordChangeFailure(new ApiError(500, 'INTERNAL_ERROR', 'Failed to change password'))).toBe('contactAdmin')
  })

  it('recognises the region switch limit by its code or its text', () => {
    expect(isSwitchLimitError(new ApiError(429, 'SWITCH_LIMIT_EXCEEDED', 'limit'))).toBe(true)
    expect(isSwitchLimitError(new ApiError(409, 'CONFLICT', 'Switch region limit exceeded'))).toBe(true)
    expect(isSwitchLimitError(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests'))).toBe(false)
  })

  it('an error "contains timeout" in its code or message', () => {
    expect(isTimeoutError(new ApiError(0, 'REQUEST_TIMEOUT', 'Request timeout'))).toBe(true)
    expect(isTimeoutError(new ApiError(504, 'GATEWAY', 'Upstream timeout'))).toBe(true)
    expect(isTimeoutError(new ApiError(500, 'INTERNAL_ERROR', 'boom'))).toBe(false)
  })

  it("uses the server's text only when it sent an error body", () => {
    expect(serverMessage(new ApiError(422, 'REGION_UNAVAILABLE', 'Region sold out'))).toBe('Region sold out')
    expect(serverMessage(new ApiError(502, 'HTTP_502', 'Bad Gateway'))).toBeNull()
    expect(serverMessage(new ApiError(0, 'NETWORK_ERROR', 'Network request failed'))).toBeNull()
  })
})
