// The rental's dialogs (buying, with payment and QR codes; a card's actions) load when one first
// opens, with the strings only they and the cards use (pracc-servers) and the payments strings:
// /pracc's first load carries only what the page shows (issue 17).
import { deferredComponent } from '@/components/ui/deferred-component'
import { loadNamespaces } from '@/lib/i18n'
import type { NewServerDialogProps } from './new-server-dialog'
import type { ServerDialogProps } from './server-dialog'
import type { ServerSectionsProps } from './server-sections'

export const newServerDialog = deferredComponent<NewServerDialogProps>(
  async () =>
    (await Promise.all([import('./new-server-dialog'), loadNamespaces(['pracc-servers', 'payments'])]))[0].NewServerDialog,
)
export const serverDialog = deferredComponent<ServerDialogProps>(
  async () => (await Promise.all([import('./server-dialog'), loadNamespaces(['pracc-servers', 'payments'])]))[0].ServerDialog,
)

/**
 * The account's server cards (with their action bars, hold buttons and mutations) and their strings
 * (pracc-servers): a visitor never sees them, so they are not in /pracc's first load; MyServers
 * starts loading them as soon as someone is logged in, beside the request for their servers.
 */
export const serverSections = deferredComponent<ServerSectionsProps>(
  async () => (await Promise.all([import('./server-sections'), loadNamespaces(['pracc-servers'])]))[0].ServerSections,
)
