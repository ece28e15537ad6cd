import { useEffect, useState, type ReactNode } from 'react'
import { onInvalidLoginToken } from './api-client'
import { TOKEN_CHECK_INTERVAL_MS } from './constants'
import { checkTokens, endInvalidSession, loadSession, syncSessionFromStorage } from './session'

/**
 * Applies the session rules for as long as the app runs: the 7-day limit and a token check on load,
 * the token check every 60 s, logout when a call reports the login token invalid, and logins or
 * logouts made in other tabs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Before the first render of the children, so the header never shows a discarded user.
  useState(() => loadSession())

  useEffect(() => {
    const timer = setInterval(() => checkTokens(), TOKEN_CHECK_INTERVAL_MS)
    const stopListening = onInvalidLoginToken(endInvalidSession)
    const onStorage = (event: StorageEvent) => syncSessionFromStorage(event.key)
    window.addEventListener('storage', onStorage)
    return () => {
      clearInterval(timer)
      stopListening()
      window.removeEventListener('storage', onStorage)
    }
  }, [])

  return children
}
