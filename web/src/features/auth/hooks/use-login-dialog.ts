// Whether the header's login dialog is open: a tiny store, so the header button and the dialog
// host (both in the shell) need not share a parent's state.
import { useSyncExternalStore } from 'react'
import type { LoginView } from '../model/login-views'

interface LoginDialogState {
  open: boolean
  view: LoginView
  /** The address the e-mail login starts with: the one just registered or reset in this tab. */
  email: string | null
}

let state: LoginDialogState = { open: false, view: 'main', email: null }
const listeners = new Set<() => void>()

function set(next: LoginDialogState) {
  state = next
  for (const listener of [...listeners]) listener()
}

export function openLoginDialog(view: LoginView = 'main'): void {
  set({ ...state, open: true, view })
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
  if (state.open || state.email !== null) set({ ...state, open: false, email: null })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLoginDialogState(): LoginDialogState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}
