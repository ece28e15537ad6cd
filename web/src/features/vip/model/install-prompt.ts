// The browser's "install this site as an app" prompt. Chromium browsers fire `beforeinstallprompt`
// once, early, when the portal qualifies; it is kept here (from the moment this module loads, with
// the router's first import of the VIP page) so the PWA card can show the prompt later. Browsers
// without the event (Safari, Firefox) get the manual steps instead.

/** The event Chromium fires; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

export type InstallState =
  /** No prompt to show: explain the manual steps. */
  | { kind: 'manual' }
  /** The browser offered its prompt; `prompt` shows it. */
  | { kind: 'prompt'; event: BeforeInstallPromptEvent }
  /** Installed in this visit, or the page already runs as the installed app. */
  | { kind: 'installed' }

const listeners = new Set<() => void>()
let state: InstallState = { kind: 'manual' }

function set(next: InstallState): void {
  state = next
  for (const listener of [...listeners]) listener()
}

export function getInstallState(): InstallState {
  return state
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function runsAsApp(): boolean {
  try {
    return window.matchMedia('(display-mode: standalone)').matches
  } catch {
    return false
  }
}

/**
 * Shows the browser's prompt (an event can prompt once). Resolves with the user's answer; the card
 * then shows the app as installed, or the manual steps after a dismissal.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  if (state.kind !== 'prompt') return 'dismissed'
  const { event } = state
  set({ kind: 'manual' })
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') set({ kind: 'installed' })
  return outcome
}

/** Forgets any kept prompt and checks again whether the page runs as the installed app. */
export function resetInstallState(): void {
  set(runsAsApp() ? { kind: 'installed' } : { kind: 'manual' })
}

/** Starts listening; called once when this module loads. */
export function watchInstallPrompt(): () => void {
  const onPrompt = (event: Event) => {
    // Keep the browser's own mini bar away: the VIP page offers the prompt where it is explained.
    event.preventDefault()
    set({ kind: 'prompt', event: event as BeforeInstallPromptEvent })
  }
  const onInstalled = () => set({ kind: 'installed' })
  resetInstallState()
  window.addEventListener('beforeinstallprompt', onPrompt)
  window.addEventListener('appinstalled', onInstalled)
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt)
    window.removeEventListener('appinstalled', onInstalled)
  }
}

if (typeof window !== 'undefined') watchInstallPrompt()
