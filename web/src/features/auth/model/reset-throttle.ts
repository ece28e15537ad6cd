// The client's 5-minute pause between password-reset requests (spec 000 §4.4), kept across reloads.
import { RESET_PASSWORD_THROTTLE_MS } from '@/lib/constants'
import { storage } from '@/lib/storage'

export function resetRequestThrottled(now: number = Date.now()): boolean {
  const last = storage.resetPasswordRequestedAt.get()
  return last !== null && now - last < RESET_PASSWORD_THROTTLE_MS && last <= now
}

export function recordResetRequest(now: number = Date.now()): void {
  storage.resetPasswordRequestedAt.set(now)
}
