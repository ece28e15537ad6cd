import type { RentedServer } from '../model/rented-server'
import { AdminsDialog } from './admins-dialog'
import type { DialogAction } from './card-action-bar'
import { ChangePasswordDialog } from './change-password-dialog'
import { DemosDialog } from './demos-dialog'
import { RenewDialog } from './renew-dialog'
import { SwitchRegionDialog } from './switch-region-dialog'

export interface ServerDialogProps {
  action: DialogAction
  server: RentedServer
  onClose: () => void
}

/** The dialog a card button opened. */
export function ServerDialog({ action, server, onClose }: ServerDialogProps) {
  switch (action) {
    case 'password':
      return <ChangePasswordDialog server={server} onClose={onClose} />
    case 'admins':
      return <AdminsDialog server={server} onClose={onClose} />
    case 'demos':
      return <DemosDialog server={server} onClose={onClose} />
    case 'switchRegion':
      return <SwitchRegionDialog server={server} onClose={onClose} />
    case 'renew':
      return <RenewDialog server={server} onClose={onClose} />
  }
}
