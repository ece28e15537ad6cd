// Fake clocks for the rental's timed rules (hold 2 s, 40 s lock, 3 s throttle, countdowns), with
// Testing Library's waits moving them (as under Jest) and a user-event that does too.
import userEvent from '@testing-library/user-event'
import { act } from '@testing-library/react'
import { vi } from 'vitest'

export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: Date.now() })
  vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
}

export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

/** Back to real clocks (call in afterEach). */
export function realClock() {
  vi.useRealTimers()
  vi.unstubAllGlobals()
}
