import { useEffect, useState, type ReactNode } from 'react'
import { onInvalidLoginToken } from './api-client'
import { TOKEN_CHECK_INTERVAL_MS } from './constants'
import {
  checkTokens,
  endInvalidSession,
  loadSession,
  syncSessionFromStorage,
  verifySessionWithServer,
} from './session'

/** A tab coming back into view asks the server again once this much time has passed since the last check. */
const RECHECK_ON_RETURN_MS = 15_000

/**
 * Applies the session rules for as long as the app runs: the 7-day limit and a token check on load,
 * the token check every 60 s (locally, then with the server, so a session ended on another device
 * ends here too), again when the tab comes back into view, logout when a call reports the login
 * token invalid, and logins or logouts made in other tabs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Before the first render of the children, so the header never shows a discarded user.
  useState(() => loadSession())

  useEffect(() => {
    let lastCheck = Date.now()
    const check = () => {
      lastCheck = Date.now()
      checkTokens(lastCheck, true)
      void verifySessionWithServer()
    }
    // The stored session was checked locally on load; the server has the last word.
    void verifySessionWithServer()
    const timer = setInterval(check, TOKEN_CHECK_INTERVAL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= RECHECK_ON_RETURN_MS) check()
    }
    const stopListening = onInvalidLoginToken(endInvalidSession)
    const onStorage = (event: StorageEvent) => syncSessionFromStorage(event.key)
    window.addEventListener('storage', onStorage)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      stopListening()
      window.removeEventListener('storage', onStorage)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])

  return children
}
