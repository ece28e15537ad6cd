// Where the inventory frame goes: the site's sign-in callback with the token in the query
// (`${inventorySignIn}?token=<token>`), or the site itself when no callback is configured.

interface InventoryLinks {
  inventorySignIn: string
  inventory: string
}

/** The page the frame signs in through; '' when neither link is configured. */
export function signInBase(links: InventoryLinks): string {
  return links.inventorySignIn || links.inventory
}

/** The base URL with ?token= added (a query the base already has is kept). */
export function frameUrl(base: string, token: string): string {
  const url = new URL(base, window.location.origin)
  url.searchParams.set('token', token)
  return url.toString()
}
