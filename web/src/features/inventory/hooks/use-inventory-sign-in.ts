import { useCallback, useEffect, useState } from 'react'
import { INVENTORY_FRAME_DELAY_MS, INVENTORY_OVERLAY_MS } from '@/lib/constants'
import { inventorySignIn, syncSteamUser } from '../api/inventory-api'
import { frameUrl } from '../model/frame-url'
import { NOT_CONFIGURED, STEAM_NOT_BOUND } from '../model/sign-in-error'

/**
 * Where the sign-in stands: 'signing-in' while the calls run, 'opening' for the 500 ms before the
 * frame loads, 'loading' while the overlay still covers the frame (4 s), then 'ready'.
 */
export type SignInPhase = 'idle' | 'signing-in' | 'opening' | 'loading' | 'ready' | 'error'

export interface SignInState {
  phase: SignInPhase
  /** The frame's address once it loads. */
  src: string | null
  /** Why it failed (an ApiError, or NOT_CONFIGURED). */
  error: unknown
}

const IDLE: SignInState = { phase: 'idle', src: null, error: null }
const SIGNING_IN: SignInState = { phase: 'signing-in', src: null, error: null }
const UNCONFIGURED: SignInState = { phase: 'error', src: null, error: NOT_CONFIGURED }
const UNBOUND: SignInState = { phase: 'error', src: null, error: STEAM_NOT_BOUND }

/** One sign-in run: the account, the site and the attempt (a retry is a new run). */
function runKey(steamId: string, base: string, attempt: number): string {
  return JSON.stringify([steamId, base, attempt])
}

/**
 * Signs the logged-in player in to the inventory site (spec 001 §2.5, §4): syncs their Steam
 * profile, asks for a sign-in token, loads the frame 500 ms later and ends the loading overlay 4 s
 * after that. Runs again for another account or on retry; logging out resets it. `steamId` is null
 * when nobody is logged in, '' for an account without a Steam id.
 */
export function useInventorySignIn(steamId: string | null, base: string) {
  const [attempt, setAttempt] = useState(0)
  // The state of the latest run, tagged with its key: a new run starts out as signing in.
  const [progress, setProgress] = useState<{ key: string; state: SignInState } | null>(null)
  const key = steamId && base ? runKey(steamId, base, attempt) : null

  useEffect(() => {
    if (!key || !steamId) return
    const controller = new AbortController()
    const { signal } = controller
    const timers: ReturnType<typeof setTimeout>[] = []
    const report = (state: SignInState) => {
      if (!signal.aborted) setProgress({ key, state })
    }

    const run = async () => {
      try {
        // A failed profile sync is not fatal: the token then carries the stored name and avatar.
        await syncSteamUser(steamId, signal).catch((error: unknown) => {
          if (!signal.aborted) console.warn('Steam profile sync before the inventory sign-in failed', error)
        })
        if (signal.aborted) return
        const { token } = await inventorySignIn(steamId, signal)
        report({ phase: 'opening', src: null, error: null })
        timers.push(
          setTimeout(() => {
            const src = frameUrl(base, token)
            report({ phase: 'loading', src, error: null })
            timers.push(setTimeout(() => report({ phase: 'ready', src, error: null }), INVENTORY_OVERLAY_MS))
          }, INVENTORY_FRAME_DELAY_MS),
        )
      } catch (error) {
        if (signal.aborted) return
        console.error('Inventory sign-in failed', error)
        report({ phase: 'error', src: null, error })
      }
    }
    void run()

    return () => {
      controller.abort()
      for (const timer of timers) clearTimeout(timer)
    }
  }, [key, steamId, base])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  let state: SignInState
  if (steamId === null) state = IDLE
  else if (!steamId) state = UNBOUND
  else if (!base) state = UNCONFIGURED
  else state = progress?.key === key ? progress.state : SIGNING_IN
  return { ...state, retry }
}
