// The rental's dialogs (buying, with payment and QR codes; a card's actions) load when one first
// opens: /pracc's first load carries only what the page shows (issue 17).
import { deferredComponent } from '@/components/ui/deferred-component'
import type { NewServerDialogProps } from './new-server-dialog'
import type { ServerDialogProps } from './server-dialog'

export const newServerDialog = deferredComponent<NewServerDialogProps>(
  async () => (await import('./new-server-dialog')).NewServerDialog,
)
export const serverDialog = deferredComponent<ServerDialogProps>(async () => (await import('./server-dialog')).ServerDialog)
