import { loadNamespace } from '@/lib/i18n'
import { consoleNamespaces } from './console-screens'

/** The console's strings, and every screen's namespace its navigation labels come from. */
export async function loadConsoleStrings(): Promise<void> {
  await Promise.all(consoleNamespaces.map((ns) => loadNamespace(ns)))
}
