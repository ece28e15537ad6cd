// Whether the header's login dialog is open: a tiny store, so the header button and the dialog
// host (both in the shell) need not share a parent's state.
import { useSyncExternalStore } from 'react'
import type { LoginView } from '../model/login-views'

interface LoginDialogState {
  open: boolean
  view: LoginView
}

let state: LoginDialogState = { open: false, view: 'main' }
const listeners = new Set<() => void>()

function set(next: LoginDialogState) {
  state = next
  for (const listener of [...listeners]) listener()
}

export function openLoginDialog(view: LoginView = 'main'): void {
  set({ open: true, view })
}

export function closeLoginDialog(): void {
  if (state.open) set({ ...state, open: false })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLoginDialogState(): LoginDialogState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}
