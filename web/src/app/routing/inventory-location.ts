import { FROM_PARAM } from '@/lib/navigation'

/** Whether the location shows the inventory: enabled, under /inventory, and no `from` parameter. */
export function isInventoryLocation(pathname: string, search: string, enabled: boolean): boolean {
  const onPath = pathname === '/inventory' || pathname.startsWith('/inventory/')
  return enabled && onPath && !new URLSearchParams(search).has(FROM_PARAM)
}
