// Whether the header's login dialog is open: a tiny store, so the header button and the dialog
// host (both in the shell) need not share a parent's state.
import { useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { afterLoginPath, rememberLoginReturn } from '../model/login-return'
import type { LoginView } from '../model/login-views'

interface LoginDialogState {
  open: boolean
  view: LoginView
  /** The address the e-mail login starts with: the one just registered or reset in this tab. */
  email: string | null
  /** A Steam login started from this dialog comes back to the page it was opened on (else to /). */
  returnHere: boolean
}

let state: LoginDialogState = { open: false, view: 'main', email: null, returnHere: false }
const listeners = new Set<() => void>()

function set(next: LoginDialogState) {
  state = next
  for (const listener of [...listeners]) listener()
}

/** `returnHere`: the page needs the login to be of use (the console), so a Steam login comes back to it. */
export function openLoginDialog(view: LoginView = 'main', { returnHere = false }: { returnHere?: boolean } = {}): void {
  set({ ...state, open: true, view, returnHere })
}

/**
 * Keeps the address of a password reset, so the login form that opens next is filled in. Held in memory only: on a shared computer the next person's form does not show it.
 */
export function rememberLoginEmail(email: string): void {
  set({ ...state, email })
}

export function rememberedLoginEmail(): string | null {
  return state.email
}

/** Closing also forgets a remembered address: the next dialog starts empty. */
export function closeLoginDialog(): void {
  if (state.open || state.email !== null || state.returnHere) set({ ...state, open: false, email: null, returnHere: false })
}

/**
 * Called just before the redirect to Steam: remembers the page (by the e-mail login's rules) when the
 * dialog's opener asked to come back to it, and forgets any older page otherwise.
 */
export function useRememberLoginReturn(): () => void {
  const { returnHere } = useLoginDialogState()
  const location = useLocation()
  return () => rememberLoginReturn(returnHere ? afterLoginPath(location) : null)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLoginDialogState(): LoginDialogState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}
