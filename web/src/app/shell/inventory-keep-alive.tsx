import { useState } from 'react'
import { useLocation } from 'react-router'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { useAppConfig } from '@/lib/config/config-context'
import { isInventoryLocation } from '../routing/inventory-location'
import { InventoryPage } from '../routing/lazy-pages'

/**
 * Mounts the inventory on its first visit and keeps it mounted afterwards, hidden while another
 * route shows (its embedded frame keeps its state).
 */
export function InventoryKeepAlive() {
  const { inventory } = useAppConfig()
  const { pathname, search } = useLocation()
  const visible = isInventoryLocation(pathname, search, inventory.enabled)
  const [visited, setVisited] = useState(visible)
  if (visible && !visited) setVisited(true)
  if (!visited || !inventory.enabled) return null
  return (
    <div data-testid="inventory-host" hidden={!visible}>
      <InventoryPage onLogin={() => openLoginDialog()} />
    </div>
  )
}
