import { FROM_PARAM } from '@/lib/navigation'

/**
 * Whether a location with this search string may show the inventory (spec 000 §2.1: only when the
 * `from` parameter is absent; otherwise /inventory redirects to /). The route's gate, the
 * keep-alive host and the menu entry all ask this one rule.
 */
export function inventoryAllowedFor(search: string): boolean {
  return !new URLSearchParams(search).has(FROM_PARAM)
}

/** Whether the location shows the inventory: enabled, under /inventory, and no `from` parameter. */
export function isInventoryLocation(pathname: string, search: string, enabled: boolean): boolean {
  const onPath = pathname === '/inventory' || pathname.startsWith('/inventory/')
  return enabled && onPath && inventoryAllowedFor(search)
}
