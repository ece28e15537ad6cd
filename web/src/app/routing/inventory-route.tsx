import { Navigate, useLocation } from 'react-router'
import { useAppConfig } from '@/lib/config/config-context'
import { errorState, NAV_ERROR_CODES } from '@/lib/navigation'
import { inventoryAllowedFor } from './inventory-location'

/**
 * /inventory/*: only the gate. The page itself lives in the shell's keep-alive host, so once
 * visited it stays mounted and is merely hidden on other routes.
 */
export function InventoryRoute() {
  const { inventory } = useAppConfig()
  const { search } = useLocation()
  if (!inventory.enabled) return <Navigate to="/" replace state={errorState(NAV_ERROR_CODES.featureDisabled)} />
  if (!inventoryAllowedFor(search)) return <Navigate to={{ pathname: '/', search }} replace />
  return null
}
