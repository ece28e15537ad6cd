import { useSyncExternalStore } from 'react'
import { getInstallState, subscribeInstallState, type InstallState } from '../model/install-prompt'

/** Whether the browser offered its install prompt, the app is installed, or only manual steps remain. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribeInstallState, getInstallState, getInstallState)
}
