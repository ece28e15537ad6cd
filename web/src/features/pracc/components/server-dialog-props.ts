import type { RentedServer } from '../model/rented-server'

/** What every per-server dialog gets: the server, and how to close (it is mounted only while open). */
export interface ServerDialogProps {
  server: RentedServer
  onClose: () => void
}
